import type { Static, TSchema } from 'typebox';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import type { FontFiles } from '../../lib/pdf-fonts.js';
import type { ObjectStorage } from '../../platform/object-storage/types.js';
import type { KeyMemory } from '../certificates/keys.js';
import type { ThemeCatalogue } from '../certificates/themes.js';
import type { ReportCache } from '../progress/report-cache.js';
import type { SequencingMemory } from '../sequencing/index.js';
import type { SessionCache } from '../sessions/cache.js';
import type { ServerSecrets } from '../sessions/service.js';

/** What the operator commands need; the CLI (own database) and the operator API pass the same. */
export interface OperatorDeps {
  db: Db;
  mailer: Mailer;
  /** publicUrl makes the links in invitation emails. */
  config: Config;
  clock: Clock;
  /** The instance's file storage (ADR 0017): the app's, or the one the CLI opened. */
  storage: ObjectStorage;
  /** The memory of the instance the commands run in (app.deps.state, or the CLI's own). */
  state: {
    reportCache: ReportCache;
    sessionCache: SessionCache;
    serverSecrets: ServerSecrets;
    sequencing: SequencingMemory;
    keys: KeyMemory;
    certificateThemes: ThemeCatalogue;
    /** The PDF fonts (records bundles' training records). */
    pdfFonts: FontFiles;
  };
}

/** The file an upload command carries: its bytes, or the path of a local file. */
export type CommandUpload = Buffer | string;

/**
 * An operator command (the one way to write one): declared with defineOperatorCommand beside the
 * service it calls (`modules/<area>/operator-commands.ts`, or operator/lms-commands.ts,
 * user-commands.ts, assign-command.ts) and listed in its area's module.ts. The CLI and the operator
 * API run every command alike (run-command.ts): the input is checked against `input` first (400
 * with what is wrong), then `run` is called.
 */
export interface AreaCommand<Input extends TSchema = TSchema> {
  /** The name on the command line and in /lms/operator/commands/{name}. */
  name: string;
  /** One line for the operator API's document. */
  summary: string;
  input: Input;
  /**
   * Set when the command carries a file (the CLI passes its path; the operator API receives it as
   * the request body, with the options in the query string), refused beyond maxBytes.
   */
  upload?: { maxBytes: number; what: string };
  /**
   * Whether a successful run changes something, and so is recorded in the audit log as the
   * operator's (docs/decisions/0021); false on read-only commands (lists, previews, exports), or a
   * test of the input for a command that shows or sets. Default true.
   */
  changes?: boolean | ((input: Static<Input>) => boolean);
  /** True on a command that records its own audit event (staff-*): run-command adds none. */
  recordsOwnAudit?: boolean;
  run(deps: OperatorDeps, input: Static<Input>, upload?: CommandUpload): Promise<unknown>;
  /** Plain-text output for the CLI; without it the result is printed as JSON. */
  format?(result: unknown): string;
}

/** Declares an operator command with its input type inferred from the schema. */
export function defineOperatorCommand<Input extends TSchema>(
  command: AreaCommand<Input>,
): AreaCommand {
  return command as unknown as AreaCommand;
}
