import { lowerPasswordCostForTests } from '../lib/password.js';

// Vitest set-up of every server test file. New password hashes are made cheap (ADR 0009, "Tests"):
// checks read the cost from the stored hash, so the rules under test are unchanged.
lowerPasswordCostForTests();
