/** The panel's one API client (spec §7): import calls and types from here. */
export * from './client';
export * from './auth';
export * from './public-info';
export * from './password';
export * from './paths';
export * from './session-events';
export * from './credentials';
export type * from './types';
