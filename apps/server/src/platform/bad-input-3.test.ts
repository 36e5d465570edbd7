import { badInputSuite } from '../test/bad-input-suite.js';

// One third of the routes of the bad-input suite (test/bad-input-suite.ts, ADR 0009).
await badInputSuite(2, 3);
