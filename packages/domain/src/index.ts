/** Pure rules of the student panel spec, shared by the web app and the server. */
export * from './attempts.js';
export * from './calendar.js';
export * from './completion.js';
export * from './constants.js';
export * from './dashboard.js';
export * from './dates.js';
export * from './documents.js';
export * from './drafts.js';
export * from './expiry.js';
export * from './lesson-status.js';
export * from './play-mode.js';
export * from './prerequisites.js';
export * from './progress-element.js';
export * from './recurrent.js';
export * from './score.js';
export * from './validation.js';
