import type { Db } from '../../db/connection.js';
import type { SequencingDefinition } from './definition.js';
import type { PanelSequencing } from './panel.js';
import type { EngineLog } from './sequencer.js';

/**
 * What one server instance remembers of sequencing (instance-state.ts, docs/decisions/0020). A
 * package never changes once imported (a new import is a new package), so what is worked out from
 * it alone is kept for the instance's life; nothing here is shared with another instance.
 */
export interface SequencingMemory {
  /**
   * Each package's definition when sequenced, else null (attempts.ts sequencedDefinition): a 2004
   * lesson's every commit asks whether its package is sequenced. At most MAX_DEFINITIONS.
   */
  definitions: Map<number, SequencingDefinition | null>;
  /** A new attempt's panel view per package, the same for every learner (panel.ts freshPanelOf). */
  freshPanels: Map<number, PanelSequencing>;
  /** Where the engine's own console lines go (sequencer.ts): the app's log at debug level. */
  engineLog: EngineLog;
}

/** The most package definitions one instance keeps (the oldest is forgotten first). */
export const MAX_DEFINITIONS = 500;

/** An instance's sequencing memory, empty; the engine's lines go to `log` at debug level. */
export function createSequencingMemory(
  options: { log?: { debug(message: string): void } } = {},
): SequencingMemory {
  const { log } = options;
  return {
    definitions: new Map(),
    freshPanels: new Map(),
    engineLog: log ? (message) => log.debug(`sequencer: ${message}`) : () => {},
  };
}

/** What reading sequencing needs: the database and the instance's sequencing memory. */
export interface SequencingDeps {
  db: Db;
  state: { sequencing: SequencingMemory };
}

/**
 * What a sequencing step needs besides: the instance's report cache, told when a learner's
 * attempt changed what their report shows (ADR 0006).
 */
export interface SequencingStepDeps extends SequencingDeps {
  state: SequencingDeps['state'] & { reportCache: { invalidate(userKey: number): void } };
}
