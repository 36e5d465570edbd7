import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { documentStatus, expiresSoonLabel } from '@waypoint/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localContentStorage } from '../../modules/content/storage.js';
import { localDocumentFileStore } from '../../modules/documents/file-store.js';
import { listAssignedDocuments } from '../../modules/documents/service.js';
import { createTestDatabase } from '../../test/database.js';
import { buildLms, buildUser } from '../../test/factories.js';
import type { DatabaseHandle } from '../connection.js';
import { insertDemoDocuments } from './demo-documents.js';

describe('demo documents: unsubmitted, expired, submitted with a PDF, expiring within 30 days', () => {
  let handle: DatabaseHandle;
  let dataDir: string;
  let lmsKey: number;
  let userKey: number;
  const now = new Date();

  beforeAll(async () => {
    handle = await createTestDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waypoint-demo-documents-'));
    lmsKey = (await buildLms(handle.db)).lmsKey;
    userKey = (await buildUser(handle.db, lmsKey, { userId: 'student' })).userKey;
    await insertDemoDocuments(handle.db, lmsKey, userKey, now, localContentStorage({ dataDir }));
  });
  afterAll(async () => {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives the demo student one document in each state', async () => {
    const documents = await listAssignedDocuments({ db: handle.db }, lmsKey, userKey);
    const state = Object.fromEntries(
      documents.map((d) => [
        d.name,
        expiresSoonLabel(d.expirationInstant, now.getTime(), 'UTC') ??
          documentStatus(d, now.getTime()),
      ]),
    );
    expect(state).toEqual({
      'Medical Certificate': 'Unsubmitted',
      Passport: 'Expired',
      'Crew Licence': 'none',
      // 12 days ahead, to the end of that day (UTC): the same count as the reminder email's.
      'Dangerous Goods Certificate': 'Expires in 12 days',
    });
  });

  it('stores the licence scan as a real PDF in the document file store', async () => {
    const upload = await handle.db
      .selectFrom('documentUpload')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ fileName: 'crew-licence.pdf', contentType: 'application/pdf' });
    const bytes = await localDocumentFileStore({ dataDir }).read(upload.storagePath);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(upload.sizeBytes);
  });
});
