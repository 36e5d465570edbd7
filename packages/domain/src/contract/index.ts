/**
 * The API contract (spec §7 and the player API; docs/decisions/0008): one module per area, each
 * with its calls (method, route, path builder) and the TypeBox schemas the server validates with.
 * The server's routes and the panel's api/ import from here; nothing else defines a wire shape.
 * The staff console's calls are a second entry, `@waypoint/domain/console-contract`
 * (console/index.ts), so that none of them reaches the panel's bundle (docs/decisions/0021).
 */
export * from './define.js';
export * from './common.js';
export * from './player.js';
export * from './progress.js';
export * from './widgets.js';
export * from './documents.js';
export * from './launch.js';
export * from './auth.js';
export * from './password.js';
export * from './lms-info.js';
export * from './now.js';
export * from './library.js';
export * from './comments.js';
export * from './certificates.js';
export * from './reports.js';
export * from './evaluations.js';
export * from './calendar-feed.js';
export * from './reminders.js';
export * from './sso.js';
export * from './attempts.js';
export * from './offline.js';
