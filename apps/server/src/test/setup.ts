import { setNewHashCost } from '../lib/password.js';

// Vitest set-up of every server test file. New password hashes are made cheap, at N=2^10, so the
// suite's thousands of sign-ins cost no scrypt time (ADR 0009, "Tests"): checks read the cost from
// the stored hash, so the rules under test are unchanged, and lib/password.test.ts proves the
// production cost.
setNewHashCost(10);
