/**
 * The shared UI of the student panel and the staff console: the design tokens (tokens.css, imported
 * once by each app's entry) and the generic components, lifted out of the panel (docs/architecture.md).
 * Nothing here knows about either app: no API calls, no app state, no app paths.
 */
export * from './button';
export * from './field';
export * from './icons';
export * from './loading';
export * from './modal';
export * from './progress-bar';
export * from './toast';
export * from './tooltip';
