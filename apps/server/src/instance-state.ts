import type { Config } from './config.js';
import { createCommitQueues, type CommitQueues } from './modules/player/commits.js';
import { createLaunchFileMemory, type LaunchFileMemory } from './modules/player/content-files.js';
import { createSequencingMemory, type SequencingMemory } from './modules/sequencing/index.js';

// Everything one server instance holds in memory (caches, queues, statistics) is created here, once
// per buildApp (or once per CLI / operator run that builds services without an app), and reached
// through app.deps.state: two apps in one process share nothing (docs/decisions/0020). Each module
// exports a factory for its own piece; this file only composes them. Modules never import this file
// (nor app.ts): a service declares the piece it needs in its deps object.

/** What one instance holds in memory; each member belongs to one module and is built by its factory. */
export interface InstanceState {
  /** Sequencing definitions, new-attempt panel views, the engine's log (modules/sequencing/memory.ts). */
  sequencing: SequencingMemory;
  /** Group commit's queue and statistics (player/commits.ts). */
  commits: CommitQueues;
  /** The launches whose package files this instance serves, briefly (player/content-files.ts). */
  launchFiles: LaunchFileMemory;
}

/** Creates an instance's memory, empty: caches start cold and statistics at zero. */
export function createInstanceState(options: {
  config: Config;
  /** The app's logger: the sequencing engine's own lines go to it at debug level. */
  log?: { debug(message: string): void };
}): InstanceState {
  return {
    sequencing: createSequencingMemory({ log: options.log }),
    commits: createCommitQueues(),
    launchFiles: createLaunchFileMemory(),
  };
}
