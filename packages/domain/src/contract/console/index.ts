/** The staff console's calls (docs/decisions/0021), one module per area, all under /api/console. */
export * from './session.js';
export * from './staff.js';
export * from './audit.js';
export * from './people.js';
export * from './assignments.js';
export * from './programme.js';
export * from './library.js';
export * from './compliance.js';
export * from './attempts.js';
export * from './records.js';
export * from './app-links.js';
