import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';

/**
 * A migrated, empty PGlite database saved as a tarball, so each test file starts from a copy in
 * about a second instead of running initdb and every migration again (several seconds each).
 * Keyed by the migrations' content, so a new or changed migration makes a new template.
 */
export function templatePath(): string {
  const hash = createHash('sha256').update(JSON.stringify(migrations)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), 'waypoint-test-templates', `pglite-${hash}.tar`);
}

/** Makes the template unless it exists; returns its path. */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const handle = await openDatabase({ kind: 'pglite', dataDir: null });
  await migrate(handle.db);
  const dump = await handle.dumpDataDir!();
  await handle.close();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

/** The template as a Blob, or null when none has been made. */
export function readPgliteTemplate(): Blob | null {
  const file = process.env.WAYPOINT_PGLITE_TEMPLATE;
  if (!file || !existsSync(file)) return null;
  return new Blob([readFileSync(file)]);
}
