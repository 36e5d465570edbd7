import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { createInstanceState } from '../instance-state.js';
import { HttpError } from '../lib/http-error.js';
import { openObjectStorage } from '../platform/object-storage/index.js';
import { createMailer } from '../modules/email/mailer.js';
import { runOperatorCommand, type OperatorDeps } from '../modules/operator/service.js';
import { readOperatorToken, readServerInfo, type ServerInfo } from '../startup.js';

/**
 * Runs one operator command and returns its result, or throws an HttpError like the API does.
 * `upload` is the path of the file an upload command carries (import-scorm's package zip).
 */
export type CommandRunner = (name: string, input: unknown, upload?: string) => Promise<unknown>;

/** A runner over an open database (in-process: tests, or the CLI when no server runs). */
export function localRunner(deps: OperatorDeps): CommandRunner {
  return (name, input, upload) => runOperatorCommand(deps, name, input, upload);
}

/** The request of one command: JSON body, or (with a file) the file as body and the input as query. */
async function commandRequest(
  url: string,
  token: string,
  input: unknown,
  upload: string | undefined,
): Promise<[string, RequestInit]> {
  const authorization = `Bearer ${token}`;
  if (upload === undefined) {
    return [
      url,
      {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(input),
      },
    ];
  }
  const query = new URLSearchParams(
    Object.entries(input as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  );
  const { size } = await stat(upload);
  return [
    `${url}?${query}`,
    {
      method: 'POST',
      headers: {
        authorization,
        // Every command's file travels alike (the operator API also accepts application/zip).
        'content-type': 'application/octet-stream',
        'content-length': String(size),
      },
      // Streamed, so a large package is never held whole in the CLI's memory.
      body: Readable.toWeb(createReadStream(upload)) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit,
  ];
}

/** A runner that sends commands to the running server's operator API with the operator token. */
export function remoteRunner(info: ServerInfo, token: string): CommandRunner {
  return async (name, input, upload) => {
    const [url, init] = await commandRequest(
      `${info.url}/lms/operator/commands/${encodeURIComponent(name)}`,
      token,
      input,
      upload,
    );
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      const reason =
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : '';
      throw new HttpError(503, `Could not reach the running server at ${info.url} (${reason}).`);
    }
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    if (!response.ok) {
      throw new HttpError(
        response.status,
        body?.message ?? `The server answered ${response.status}.`,
      );
    }
    return body;
  };
}

/** True when a process with this id exists (signal 0 only checks). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Picks how to run commands: through the server's operator API when DATA_DIR/server.json names a
 * live process (PGlite lets only one process open the database), else on the database directly.
 * The returned close() releases the database when one was opened.
 */
export async function connect(
  config: Config,
): Promise<{ run: CommandRunner; mode: 'server' | 'database'; close(): Promise<void> }> {
  const info = await readServerInfo(config.dataDir);
  if (info && info.pid !== process.pid && processIsAlive(info.pid)) {
    const token = await readOperatorToken(config.dataDir);
    if (!token) {
      throw new HttpError(
        500,
        `A server is running (pid ${info.pid}) but ${config.dataDir}/operator-token is missing or unreadable.`,
      );
    }
    return { run: remoteRunner(info, token), mode: 'server', close: async () => undefined };
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, maxConnections: 2 }
      : { kind: 'pglite', dataDir: `${config.dataDir}/db` },
  );
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  const deps: OperatorDeps = {
    db: database.db,
    mailer: createMailer(database.db, config),
    config,
    clock: systemClock,
    // Its own storage and memory: this process is not the server (ADR 0020).
    storage: openObjectStorage(config),
    // Its own memory: this process is not the server (instance-state.ts).
    state: createInstanceState(),
  };
  return { run: localRunner(deps), mode: 'database', close: () => database.close() };
}
