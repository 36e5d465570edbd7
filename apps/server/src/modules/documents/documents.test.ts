import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import { signIn, type Browser } from '../../test/sign-in.js';

describe('assigned documents: list and counts (§1, §3, §4 Documents, §7)', () => {
  let t: TestApp;
  let student: Browser;
  let other: Browser;

  beforeAll(async () => {
    t = await createTestApp();
    const lms = await buildLms(t.db);
    const user = await buildUser(t.db, lms.lmsKey, { userId: 'pilot' });
    await buildUser(t.db, lms.lmsKey, { userId: 'other' });
    const forms = await t.db
      .insertInto('documentForm')
      .values(
        ['Medical certificate', 'Passport', 'Licence', 'Old form'].map((name) => ({
          lmsKey: lms.lmsKey,
          name,
        })),
      )
      .returning('formKey')
      .execute();
    const now = t.clock.now().getTime();
    await t.db
      .insertInto('assignedDocument')
      .values([
        { formKey: forms[0]!.formKey, userKey: user.userKey },
        {
          formKey: forms[1]!.formKey,
          userKey: user.userKey,
          expiresAt: new Date(now - 1000),
          responseData: JSON.stringify({ number: 'X1' }),
        },
        {
          formKey: forms[2]!.formKey,
          userKey: user.userKey,
          expiresAt: new Date(now + 86_400_000),
          responseData: JSON.stringify({ number: 'L1' }),
        },
        { formKey: forms[3]!.formKey, userKey: user.userKey, archive: 1 },
      ])
      .execute();
    student = await signIn(t, 'pilot');
    other = await signIn(t, 'other');
  });
  afterAll(() => t.close());

  it('lists the non-archived documents with the spec fields', async () => {
    const response = await student.call(`/lms/api/form/${student.lmsKey}/ALL/${student.userKey}`);
    expect(response.status).toBe(200);
    const list = (await response.json()) as {
      name: string;
      responseData: string;
      expirationInstant: number;
    }[];
    expect(list.map((d) => d.name)).toEqual(['Licence', 'Medical certificate', 'Passport']);
    expect(list[1]).toMatchObject({ responseData: '', expirationInstant: 0 });
  });

  it('counts expired and unsubmitted documents', async () => {
    const response = await student.call(`/lms/api/form/${student.lmsKey}/count/${student.userKey}`);
    expect(await response.json()).toEqual({ Expired: 1, Unsubmitted: 1 });
    expect(
      await (await other.call(`/lms/api/form/${other.lmsKey}/count/${other.userKey}`)).json(),
    ).toEqual({ Expired: 0, Unsubmitted: 0 });
  });

  it("refuses another user's documents", async () => {
    expect((await other.call(`/lms/api/form/${other.lmsKey}/ALL/${student.userKey}`)).status).toBe(
      403,
    );
    expect(
      (await fetch(`${t.baseUrl}/lms/api/form/${student.lmsKey}/ALL/${student.userKey}`)).status,
    ).toBe(401);
  });
});
