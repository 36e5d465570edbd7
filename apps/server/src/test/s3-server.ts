import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** STORAGE_URL for a fresh bucket on this server (with the given key prefix). */
  storageUrl(prefix?: string): string;
  close(): Promise<void>;
}

/** s3rver's fixed credentials (it checks signatures made with them). */
const ACCESS_KEY = 'S3RVER';

/**
 * A local S3-compatible server (s3rver, files in a temporary folder) on a loopback port, for the
 * object-storage tests (ADR 0017). Sets the standard AWS credential variables the SDK reads, as a
 * deployment would; the caller's afterAll restores them with `vi.unstubAllEnvs()`.
 */
export async function startS3Server(
  stubEnv: (name: string, value: string) => void,
): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'waypoint-s3-'));
  const buckets = ['waypoint-test'];
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  stubEnv('AWS_ACCESS_KEY_ID', ACCESS_KEY);
  stubEnv('AWS_SECRET_ACCESS_KEY', ACCESS_KEY);
  let used = 0;
  return {
    storageUrl(prefix = '') {
      // Every caller gets its own prefix in the one bucket, so tests never see each other's keys.
      used += 1;
      const folder = `${prefix || 'run'}-${used}`;
      return `s3://${buckets[0]}/${folder}?endpoint=http://127.0.0.1:${port}&region=us-east-1`;
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
