import { isIP } from 'node:net';
import path from 'node:path';
import { PASSWORD_COST_LOG2 } from './lib/password.js';
import { parseStorageUrl } from './platform/object-storage/storage-url.js';

/** Every setting Waypoint reads from the environment, validated once at start (see README). */
export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database, content files and the operator token. */
  dataDir: string;
  /** postgres://... to use a PostgreSQL server; null for the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL connections this process keeps open at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** The address students reach the panel at; used in the links of emails. */
  publicUrl: string;
  /**
   * The separate origin lessons run on (CONTENT_ORIGIN), so a package's scripts can never read the
   * panel's cookies or call its API; null derives it from publicUrl (see platform/content-origin.ts).
   */
  contentOrigin: string | null;
  /** s3://bucket[/prefix]?endpoint=&region= for S3-compatible storage; null for DATA_DIR (ADR 0017). */
  storageUrl: string | null;
  /** smtp:// or smtps:// URL; null keeps emails in the outbox table (and the log). */
  smtpUrl: string | null;
  mailFrom: string;
  /** 'auto' seeds the demo training provider when the database has no LMS yet; 'off' never. */
  demoSeed: 'auto' | 'off';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which reverse proxies' X-Forwarded-* to believe (client address, https): false for none, or the
   * proxies' addresses and CIDR ranges. Never "any sender": that would let a client pick its own
   * address and escape every per-address limit (ADR 0009).
   */
  trustProxy: false | string[];
  sessionIdleMinutes: number;
  /** Seconds between a shutdown signal and closing, while readiness says no (ADR 0013). */
  shutdownDrainSeconds: number;
  sessionAbsoluteHours: number;
  /** The staff console's idle and absolute session limits: shorter than students' (ADR 0021). */
  staffSessionIdleMinutes: number;
  staffSessionAbsoluteHours: number;
  /** Host name on which plain http is redirected to https (spec §4 step 6); null for none. */
  forceHttpsHost: string | null;
  /** Folder holding the built web app (apps/web/dist). */
  webDir: string;
  /** Folder holding the built staff console (apps/console/dist), served at /console/. */
  consoleDir: string;
  /** Minutes between reminder passes (docs/decisions/0015); 0 turns the scheduler off. */
  remindersIntervalMinutes: number;
  /**
   * scrypt cost (log2 N) of new password hashes: 17, the ASVS minimum (ADR 0009). Only a test
   * environment lowers it (the e2e server, so sign-ins cost it no CPU); checks always use the
   * cost stored in each hash.
   */
  passwordCostLog2: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads and validates the environment; throws ConfigError listing everything that is wrong. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = env[name];
    if (raw === undefined || raw === '') return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
        return null;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got '${raw}')`);
    return fallback;
  };

  const port = int('PORT', 8080, 0, 65535);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const config: Config = {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    databasePoolSize: int('DATABASE_POOL_SIZE', 20, 1, 500),
    publicUrl: (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    contentOrigin: url('CONTENT_ORIGIN', ['http:', 'https:'])?.replace(/\/+$/, '') ?? null,
    storageUrl: storageUrl(env.STORAGE_URL, problems),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Waypoint <no-reply@waypoint.local>',
    demoSeed: oneOf('DEMO_SEED', ['auto', 'off'] as const, 'auto'),
    logLevel: oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    trustProxy: trustedProxies(env.TRUST_PROXY, problems),
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    shutdownDrainSeconds: int('SHUTDOWN_DRAIN_SECONDS', 0, 0, 300),
    sessionAbsoluteHours: int('SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 30),
    staffSessionIdleMinutes: int('STAFF_SESSION_IDLE_MINUTES', 15, 1, 24 * 60),
    staffSessionAbsoluteHours: int('STAFF_SESSION_ABSOLUTE_HOURS', 8, 1, 24 * 30),
    forceHttpsHost: env.FORCE_HTTPS_HOST || null,
    webDir: path.resolve(cwd, env.WEB_DIR || path.join(repoRoot, 'apps/web/dist')),
    consoleDir: path.resolve(cwd, env.CONSOLE_DIR || path.join(repoRoot, 'apps/console/dist')),
    remindersIntervalMinutes: int('REMINDERS_INTERVAL_MINUTES', 60, 0, 24 * 60),
    passwordCostLog2: int('PASSWORD_COST_LOG2', PASSWORD_COST_LOG2, 10, 20),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** STORAGE_URL checked whole at start, so a typo fails here rather than at the first upload. */
function storageUrl(raw: string | undefined, problems: string[]): string | null {
  if (raw === undefined || raw === '') return null;
  try {
    parseStorageUrl(raw);
    return raw;
  } catch (error) {
    problems.push((error as Error).message);
    return null;
  }
}

const TRUST_PROXY_HELP =
  'TRUST_PROXY must be false, or a comma-separated list of the addresses and CIDR ranges of the ' +
  'reverse proxies in front of Waypoint (127.0.0.1 for nginx on the same machine; loopback, ' +
  'linklocal and uniquelocal name those ranges)';

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** One address, CIDR range (`10.0.0.0/8`, `fd00::/8`) or proxy-addr's named range. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false/0 trusts nobody; otherwise the proxies' addresses and ranges, so that
 * X-Forwarded-For is believed only from them. A bare `true` (anyone) and a hop count (which
 * Fastify 5 refuses to apply, failing closed) are refused with the list to give instead.
 */
function trustedProxies(raw: string | undefined, problems: string[]): false | string[] {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes' || /^\d+$/.test(value)) {
    problems.push(
      `${TRUST_PROXY_HELP} (got '${raw}': trusting any sender or a hop count would let a client ` +
        'forge X-Forwarded-For and escape every per-address limit)',
    );
    return false;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0 || entries.length === 0) {
    problems.push(`${TRUST_PROXY_HELP} (not an address or range: '${wrong.join("', '") || raw}')`);
    return false;
  }
  return entries;
}
