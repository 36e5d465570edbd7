import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ContentStorage } from '../../modules/content/storage.js';
import { documentFileStoreOn } from '../../modules/documents/file-store.js';
import type { Db } from '../connection.js';

const DAY_MS = 24 * 60 * 60 * 1000;

type FieldSeed = {
  name: string;
  fieldType: string;
  description?: string;
  attributes?: Record<string, string>;
  options?: string[];
};

const expiration: FieldSeed = {
  name: 'expiration',
  fieldType: 'date',
  description: 'The date printed on the document as its expiry.',
  attributes: { required: 'true' },
};
const scan: FieldSeed = {
  name: 'Scan',
  fieldType: 'file',
  description: 'PDF, image or Office document.',
  attributes: { required: 'true' },
};

/** The demo forms: every field type of a document form appears in at least one. */
const FORMS: { name: string; description: string; maxDays: number; fields: FieldSeed[] }[] = [
  {
    name: 'Medical Certificate',
    description: 'Upload your current Class 1 or Class 2 medical certificate.',
    maxDays: 5 * 365,
    fields: [
      expiration,
      {
        name: 'Class',
        fieldType: 'select',
        options: ['Class 1', 'Class 2'],
        attributes: { required: 'true' },
      },
      scan,
      { name: 'Notes', fieldType: 'textarea' },
    ],
  },
  {
    name: 'Passport',
    description: 'A scan of the photo page of your passport.',
    maxDays: 3650,
    fields: [
      expiration,
      { name: 'Nationality', fieldType: 'text', attributes: { required: 'true' } },
      {
        name: 'Checked by',
        fieldType: 'text',
        description: 'Filled in by your training department.',
        attributes: { readonly: 'true' },
      },
      scan,
      { name: 'Notes', fieldType: 'text' },
    ],
  },
  {
    name: 'Crew Licence',
    description: 'Your flight or cabin crew licence.',
    maxDays: 1825 * 2,
    fields: [
      expiration,
      { name: 'Licence number', fieldType: 'text', attributes: { required: 'true' } },
      { name: 'Type ratings', fieldType: 'multiselect', options: ['A320', 'A330', 'B737', 'B787'] },
      scan,
      { name: 'Notes', fieldType: 'text' },
    ],
  },
  {
    name: 'Dangerous Goods Certificate',
    description: 'Your current dangerous goods awareness certificate.',
    maxDays: 2 * 365,
    fields: [
      expiration,
      scan,
      {
        name: 'I confirm this certificate is my own and current',
        fieldType: 'checkbox',
        attributes: { required: 'true' },
      },
    ],
  },
];

/** A one-page PDF standing in for the demo student's scanned licence. */
async function demoLicencePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Crew Licence (demo)');
  const page = pdf.addPage([595, 420]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Crew Licence - demo scan', { x: 48, y: 360, size: 22, font });
  page.drawText('Licence number ATPL-DEMO-0001', { x: 48, y: 320, size: 14, font });
  page.drawText('This file was created by the Waypoint demo seed.', {
    x: 48,
    y: 290,
    size: 11,
    font,
  });
  return Buffer.from(await pdf.save());
}

const ymd = (instant: number) => new Date(instant).toISOString().slice(0, 10);
/** The instant a document dated `instant` expires: the end of that day (UTC), as a save stores it. */
const endOfDay = (instant: number) => new Date(Math.floor(instant / DAY_MS) * DAY_MS + DAY_MS - 1);

/**
 * Documents and evaluations for `student`: one unsubmitted, one expired (both raise the warning
 * icon of spec §1), one submitted with a PDF, one expiring within 30 days. The PDF goes to the document file store beside the content folder when
 * the content storage is given (the server's own seed); without it the licence has no file.
 */
export async function insertDemoDocuments(
  db: Db,
  lmsKey: number,
  userKey: number,
  now: Date,
  storage?: ContentStorage,
): Promise<void> {
  const forms = await db
    .insertInto('documentForm')
    .values(
      FORMS.map((form) => ({
        lmsKey,
        name: form.name,
        description: form.description,
        maxExpirationMs: form.maxDays * DAY_MS,
      })),
    )
    .returning(['formKey', 'name'])
    .execute();
  const fieldRows = await db
    .insertInto('documentFormField')
    .values(
      forms.flatMap(({ formKey }, formIndex) =>
        FORMS[formIndex]!.fields.map((field, sortOrder) => ({
          formKey,
          name: field.name,
          description: field.description ?? '',
          fieldType: field.fieldType,
          attributes: JSON.stringify(field.attributes ?? {}),
          options: JSON.stringify(field.options ?? []),
          sortOrder,
        })),
      ),
    )
    .returning(['fieldKey', 'formKey', 'name'])
    .execute();
  const [medical, passport, licence, dangerousGoods] = forms.map((form) => form.formKey) as [
    number,
    number,
    number,
    number,
  ];
  const t = now.getTime();
  const passportExpiry = t - 10 * DAY_MS;
  const licenceExpiry = t + 1500 * DAY_MS;
  const dgExpiry = t + 12 * DAY_MS;
  await db
    .insertInto('assignedDocument')
    .values([
      // Unsubmitted: no expiry and no response yet.
      { formKey: medical, userKey },
      // Expired 10 days ago.
      {
        formKey: passport,
        userKey,
        effectiveAt: new Date(t - 3000 * DAY_MS),
        expiresAt: endOfDay(passportExpiry),
        acknowledgedAt: new Date(t - 2990 * DAY_MS),
        responseData: JSON.stringify({
          expiration: ymd(passportExpiry),
          Nationality: 'Irish',
          'Checked by': 'Training records office',
          Notes: 'Renewal applied for.',
        }),
      },
      // Submitted, with its scan (below).
      {
        formKey: licence,
        userKey,
        effectiveAt: new Date(t - 200 * DAY_MS),
        expiresAt: endOfDay(licenceExpiry),
        acknowledgedAt: new Date(t - 199 * DAY_MS),
        responseData: JSON.stringify({
          expiration: ymd(licenceExpiry),
          'Licence number': 'ATPL-DEMO-0001',
          'Type ratings': ['A320'],
          Notes: 'ATPL(A)',
          ...(storage ? { Scan: 'crew-licence.pdf' } : {}),
        }),
      },
      // Expires within 30 days: the list says so.
      {
        formKey: dangerousGoods,
        userKey,
        effectiveAt: new Date(t - 700 * DAY_MS),
        expiresAt: endOfDay(dgExpiry),
        acknowledgedAt: new Date(t - 700 * DAY_MS),
        responseData: JSON.stringify({
          expiration: ymd(dgExpiry),
          'I confirm this certificate is my own and current': 'true',
        }),
      },
    ])
    .execute();
  if (storage) {
    // Documents go to the same object storage as the demo's packages (ADR 0017).
    const bytes = await demoLicencePdf();
    const storagePath = await documentFileStoreOn(storage.objects).save(bytes);
    const scanField = fieldRows.find((row) => row.formKey === licence && row.name === 'Scan')!;
    await db
      .insertInto('documentUpload')
      .values({
        formKey: licence,
        userKey,
        fieldKey: scanField.fieldKey,
        fileName: 'crew-licence.pdf',
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        storagePath,
        uploadedAt: new Date(t - 199 * DAY_MS),
      })
      .execute();
  }
}
