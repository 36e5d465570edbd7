import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { DEMO_PASSWORD, DEMO_USERS, demoLmsExists, seedDemo } from './db/seed/demo.js';
import { anyLmsExists } from './db/startup-repo.js';
import { contentStorageOn } from './modules/content/storage.js';
import type { ObjectStorage } from './platform/object-storage/types.js';

/** Name of the operator token file in DATA_DIR (read by the operator CLI). */
export const OPERATOR_TOKEN_FILE = 'operator-token';
/** Name of the file in DATA_DIR that tells the CLI a server is running, and where. */
export const SERVER_INFO_FILE = 'server.json';

/** What DATA_DIR/server.json holds while a server runs. */
export interface ServerInfo {
  pid: number;
  port: number;
  /** Address the CLI on this machine reaches the server at. */
  url: string;
}

export interface StartupHandle {
  /** The operator API token (DATA_DIR/operator-token). */
  operatorToken: string;
  /** After listening: writes DATA_DIR/server.json and prints the URL (and demo logins). */
  announce(port: number): Promise<void>;
  /** On shutdown: removes DATA_DIR/server.json if this process wrote it. */
  release(): Promise<void>;
}

type StartupConfig = Pick<Config, 'dataDir' | 'demoSeed' | 'host' | 'port' | 'publicUrl'>;

/**
 * Work done once per start, before listening: seeds the demo training provider on the first start
 * of an empty database (DEMO_SEED=auto) and makes sure the operator token exists.
 */
export async function startupTasks(
  deps: { db: Db; storage: ObjectStorage },
  config: StartupConfig,
  print: (line: string) => void = (line) => console.log(line),
): Promise<StartupHandle> {
  const { db } = deps;
  if (config.demoSeed === 'auto' && !(await anyLmsExists(db))) {
    if (await seedDemo(db, { storage: contentStorageOn(deps.storage) }))
      print('Seeded the demo training provider (Waypoint Demo Airline).');
  }
  await mkdir(config.dataDir, { recursive: true });
  const operatorToken = await ensureOperatorToken(config.dataDir);
  const infoPath = path.join(config.dataDir, SERVER_INFO_FILE);
  let announced = false;

  return {
    operatorToken,
    async announce(port) {
      const info: ServerInfo = {
        pid: process.pid,
        port,
        url: `http://${localHost(config.host)}:${port}`,
      };
      await writeFile(infoPath, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
      announced = true;
      const localUrl = `http://localhost:${port}/`;
      print(`Waypoint is running at ${localUrl}`);
      print(`Staff console: ${localUrl}console/`);
      // PUBLIC_URL defaults to http://localhost:<PORT>; mention it only when it says something new.
      const defaultPublicUrl = `http://localhost:${config.port}`;
      if (config.publicUrl !== defaultPublicUrl && `${config.publicUrl}/` !== localUrl) {
        print(`Public address (PUBLIC_URL): ${config.publicUrl}`);
      }
      if (await demoLmsExists(db)) {
        print(`Demo logins (password ${DEMO_PASSWORD}):`);
        for (const user of DEMO_USERS) {
          const app = user.staff ? 'console' : 'panel  ';
          print(`  ${user.userId.padEnd(12)} ${app} ${user.note}`);
        }
      }
      print('Press Ctrl-C to stop.');
    },
    async release() {
      if (!announced) return;
      const current = await readServerInfo(config.dataDir);
      if (current?.pid === process.pid) await rm(infoPath, { force: true });
    },
  };
}

/** Reads DATA_DIR/server.json; null when absent or unreadable. */
export async function readServerInfo(dataDir: string): Promise<ServerInfo | null> {
  try {
    const parsed = JSON.parse(
      await readFile(path.join(dataDir, SERVER_INFO_FILE), 'utf8'),
    ) as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as ServerInfo).pid === 'number' &&
      typeof (parsed as ServerInfo).port === 'number' &&
      typeof (parsed as ServerInfo).url === 'string'
    ) {
      return parsed as ServerInfo;
    }
    return null;
  } catch {
    return null;
  }
}

/** Reads the operator token, creating it (256 random bits, hex, mode 0600) when missing. */
export async function ensureOperatorToken(dataDir: string): Promise<string> {
  const file = path.join(dataDir, OPERATOR_TOKEN_FILE);
  const existing = await readOperatorToken(dataDir);
  if (existing) {
    await chmod(file, 0o600);
    return existing;
  }
  const token = randomBytes(32).toString('hex');
  try {
    // 'wx': if another process created it meanwhile, use theirs.
    await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = await readOperatorToken(dataDir);
    if (!theirs) throw new Error(`${file} exists but holds no valid token; delete it and restart`);
    return theirs;
  }
}

/** The operator token from DATA_DIR, or null when the file is missing or malformed. */
export async function readOperatorToken(dataDir: string): Promise<string | null> {
  try {
    const value = (await readFile(path.join(dataDir, OPERATOR_TOKEN_FILE), 'utf8')).trim();
    return /^[0-9a-f]{64}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

// A server listening on every interface is reached locally through the loopback address.
function localHost(host: string): string {
  if (host === '0.0.0.0' || host === '' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
