import type { Db } from '../connection.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Documents and evaluations for `student`: one unsubmitted document, one expired (both raise the
 * warning icon of spec §1), one current; and one evaluation for the Completion Report.
 */
export async function insertDemoDocuments(
  db: Db,
  lmsKey: number,
  userKey: number,
  now: Date,
): Promise<void> {
  const forms = await db
    .insertInto('documentForm')
    .values([
      {
        lmsKey,
        name: 'Medical Certificate',
        description: 'Upload your current Class 1 or Class 2 medical certificate.',
        maxExpirationMs: 365 * DAY_MS,
      },
      {
        lmsKey,
        name: 'Passport',
        description: 'A scan of the photo page of your passport.',
        maxExpirationMs: 3650 * DAY_MS,
      },
      {
        lmsKey,
        name: 'Crew Licence',
        description: 'Your flight or cabin crew licence.',
        maxExpirationMs: 1825 * DAY_MS,
      },
    ])
    .returning(['formKey', 'name'])
    .execute();
  await db
    .insertInto('documentFormField')
    .values(
      forms.flatMap(({ formKey }) => [
        {
          formKey,
          name: 'expiration',
          description: 'Expiry date',
          fieldType: 'date',
          attributes: JSON.stringify({ required: 'true' }),
          sortOrder: 0,
        },
        {
          formKey,
          name: 'Scan',
          description: 'PDF or image, up to 5 MB',
          fieldType: 'file',
          attributes: JSON.stringify({ required: 'true' }),
          sortOrder: 1,
        },
        { formKey, name: 'Notes', fieldType: 'text', sortOrder: 2 },
      ]),
    )
    .execute();
  const [medical, passport, licence] = forms.map((form) => form.formKey) as [
    number,
    number,
    number,
  ];
  await db
    .insertInto('assignedDocument')
    .values([
      // Unsubmitted: no expiry and no response yet.
      { formKey: medical, userKey },
      // Expired 10 days ago.
      {
        formKey: passport,
        userKey,
        effectiveAt: new Date(now.getTime() - 3000 * DAY_MS),
        expiresAt: new Date(now.getTime() - 10 * DAY_MS),
        acknowledgedAt: new Date(now.getTime() - 2990 * DAY_MS),
        responseData: JSON.stringify({ Notes: 'Renewal applied for.' }),
      },
      // Current.
      {
        formKey: licence,
        userKey,
        effectiveAt: new Date(now.getTime() - 200 * DAY_MS),
        expiresAt: new Date(now.getTime() + 1500 * DAY_MS),
        acknowledgedAt: new Date(now.getTime() - 199 * DAY_MS),
        responseData: JSON.stringify({ Notes: 'ATPL(A)' }),
      },
    ])
    .execute();
  await db
    .insertInto('evaluation')
    .values({
      lmsKey,
      userKey,
      evaluationType: 'report',
      name: 'A320 Line Check Debrief',
      halfLink: '/evaluations/line-check-debrief',
    })
    .execute();
}
