import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';
import type { PoolStats } from './platform/metrics.js';
import type { ObjectStorage } from './platform/object-storage/types.js';

// Its own file, importing no module: services pick their deps from it (Pick<Required<AppDeps>, ...>)
// without importing app.ts, which imports every module (docs/decisions/0020).

/** Everything the app needs from outside; tests pass their own (fresh database, outbox mailer, fake clock). */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  clock?: Clock;
  /** Operator token accepted by the operator API (kept in DATA_DIR by main.ts); null disables that API. */
  operatorToken?: string | null;
  /** Where the log goes (standard output when null); tests read it to check what it reveals. */
  logStream?: { write(line: string): void } | null;
  /** The PostgreSQL pool's use, for the metrics; null on PGlite. */
  poolStats?: (() => PoolStats) | null;
  /**
   * Where files live (ADR 0017): package files, document uploads, library media. buildApp opens the
   * one STORAGE_URL names (else DATA_DIR's folder) when none is given; every service gets this one.
   */
  storage?: ObjectStorage;
}
