import type { Config } from './config.js';

// Everything one server instance holds in memory (caches, queues, statistics) is created here, once
// per buildApp (or once per CLI / operator run that builds services without an app), and reached
// through app.deps.state: two apps in one process share nothing (docs/decisions/0020). Each module
// exports a factory for its own piece; this file only composes them. Modules never import this file
// (nor app.ts): a service declares the piece it needs in its deps object.

/** What one instance holds in memory; each member belongs to one module and is built by its factory. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- members are added per module
export interface InstanceState {}

/** Creates an instance's memory, empty: caches start cold and statistics at zero. */
export function createInstanceState(_options: { config: Config }): InstanceState {
  return {};
}
