/** The staff console's calls (docs/decisions/0021), one module per area, all under /api/console. */
export * from './session.js';
