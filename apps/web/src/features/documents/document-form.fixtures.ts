/** Test data for the document form's tests: one 'Medical' document (§3 Assigned document). */
import type { DocumentDetail, DocumentField } from '../../api/documents';

/** A field of the document (a text field unless told otherwise). */
export const documentField = (overrides: Partial<DocumentField>): DocumentField => ({
  fieldKey: 1,
  formKey: 9,
  name: 'Notes',
  description: '',
  type: 'text',
  attributes: {},
  options: [],
  values: [],
  file: null,
  ...overrides,
});

/** The 'Medical' document of user 2 in LMS 1, nothing submitted yet, with these fields. */
export const medicalDocument = (fields: DocumentField[]): DocumentDetail => ({
  document: {
    key: 9,
    formKey: 9,
    lmsKey: 1,
    name: 'Medical',
    description: '',
    maxExpiration: 0,
    userKey: 2,
    archive: 0,
    effectiveInstant: 0,
    expirationInstant: 0,
    acknowledgedInstant: 0,
    responseData: '',
  },
  fields,
});
