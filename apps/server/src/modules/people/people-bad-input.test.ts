import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildLms, buildUser } from '../../test/factories.js';
import type { Browser } from '../../test/sign-in.js';
import { staffBrowser } from '../../test/staff.js';

// Generated bad input to the people calls, as an administrator (so the input reaches the code
// behind the guard): never a 5xx, and a refused call changes nothing (ADR 0009).
const API = '/lms/api/console/people';
const RUNS = 60;

const profile = {
  userID: 'fc.person',
  givenName: 'Fay',
  familyName: 'Check',
  email: 'fc.person@example.com',
  employeeId: '',
  base: '',
  fleet: '',
  position: '',
  restrictionGroup: '',
  phone: '',
  isStudent: true,
  mfaEnabled: false,
};

// A value of any JSON kind, with the strings most likely to break something.
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', ' ', '\u0000', 'a\nb', '%', '_', '\\', 'x'.repeat(5000), "'; drop table"),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
);

/** The profile with some fields replaced by generated values (or removed). */
const badProfile = fc
  .record(
    Object.fromEntries(
      Object.keys(profile).map((key) => [key, fc.option(nasty, { nil: undefined })]),
    ) as Record<keyof typeof profile, fc.Arbitrary<unknown>>,
  )
  .map((changes) => {
    const body: Record<string, unknown> = { ...profile, sendInvitation: false };
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) body[key] = value;
    }
    return body;
  });

describe('console people: generated bad input', () => {
  let t: TestApp;
  let admin: Browser;
  let personKey: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { lmsKey } = await buildLms(t.db);
    admin = await staffBrowser(t, lmsKey, { role: 'administrator' });
    personKey = (await buildUser(t.db, lmsKey, { userId: 'fc.target' })).userKey;
  });
  afterAll(() => t.close());

  const people = () => t.db.selectFrom('appUser').selectAll().orderBy('userKey').execute();

  it('create, edit, reset-mfa and import never answer 5xx; a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('create', 'update', 'reset-mfa', 'import', 'list'),
        badProfile,
        nasty,
        async (call, body, other) => {
          const before = await people();
          const response =
            call === 'create'
              ? await admin.call(API, { method: 'POST', body: JSON.stringify(body) })
              : call === 'update'
                ? await admin.call(`${API}/${personKey}`, {
                    method: 'PUT',
                    body: JSON.stringify(body),
                  })
                : call === 'reset-mfa'
                  ? await admin.call(`${API}/${personKey}/reset-mfa`, {
                      method: 'POST',
                      body: JSON.stringify({ mfaEnabled: other }),
                    })
                  : call === 'import'
                    ? await admin.call(`${API}/import`, {
                        method: 'POST',
                        body: JSON.stringify({ csv: other }),
                      })
                    : await admin.call(
                        `${API}?search=${encodeURIComponent(JSON.stringify(other) ?? '')}&sort=${encodeURIComponent(JSON.stringify(body.base) ?? '')}`,
                      );
          await response.text();
          expect(response.status, `${call} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (response.status >= 400) expect(await people()).toEqual(before);
          // Undo a create that went through, so the next run starts from the same people.
          if (call === 'create' && response.status === 200) {
            await t.db
              .deleteFrom('appUser')
              .where('userId', '=', (body.userID as string).trim())
              .execute();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
