/**
 * The LMS-wide parts of the programme the console edits through their own areas' services: the
 * certificate settings (certificates/manage.service.ts, as `certificates settings` does), a
 * curriculum's library flag (library/), and the document forms (documents/, as define-document
 * does). Each change is written with its audit event in one transaction.
 */
import { parseDocumentTypeDefinition } from '@waypoint/domain';
import type {
  CertificateSettingsEdit,
  CertificateSettingsView,
  DocumentType,
  DocumentTypeDefinitionBody,
  ProgrammeChange,
} from '@waypoint/domain/console-contract';
import type { Db } from '../../db/connection.js';
import { HttpError } from '../../lib/http-error.js';
import type { OperatorDeps } from '../operator/area-command.js';
import { certificateSettingsOf, setCertificateSettings } from '../certificates/manage.service.js';
import { defineDocumentTypeIn, listDocumentTypes } from '../documents/operator.service.js';
import { setCurriculumInLibrary } from '../library/manage.service.js';
import { recordAudit } from '../staff/audit.js';
import * as repo from './repo.js';
import { refused, type ProgrammeActor } from './service.js';

type CertificateFields = Omit<CertificateSettingsView, 'themes'>;

function certificateView(
  deps: Pick<OperatorDeps, 'state'>,
  settings: CertificateFields & { lms?: string },
): CertificateSettingsView {
  const { lms: _lms, ...fields } = settings;
  return {
    ...fields,
    themes: deps.state.certificateThemes.list().map((theme) => theme.name),
  };
}

/** The LMS's certificate settings and the themes to choose from. */
export async function readCertificateSettings(
  deps: Pick<OperatorDeps, 'db' | 'state'>,
  lmsCode: string,
): Promise<CertificateSettingsView> {
  return certificateView(deps, await certificateSettingsOf(deps, lmsCode));
}

/** Changes the LMS's certificate settings (a wrong theme: 400, nothing changed). */
export async function editCertificateSettings(
  deps: OperatorDeps,
  who: ProgrammeActor & { lmsCode: string },
  edit: CertificateSettingsEdit,
): Promise<CertificateSettingsView> {
  const after = await deps.db.transaction().execute(async (trx) => {
    const inTrx = { ...deps, db: trx };
    const before = await certificateSettingsOf(inTrx, who.lmsCode);
    const settings = await setCertificateSettings(inTrx, { lms: who.lmsCode, ...edit });
    const fields = (Object.keys(edit) as (keyof CertificateFields)[]).filter(
      (field) => before[field] !== settings[field],
    );
    if (fields.length > 0) {
      await recordAudit(trx, deps, who.actor, [
        {
          lmsKey: who.lmsKey,
          action: 'programme.certificates.update',
          targetType: 'certificate-settings',
          targetKey: who.lmsKey,
          summary: `Changed the certificate settings: ${fields.join(', ')}`,
          before: Object.fromEntries(fields.map((field) => [field, before[field]])),
          after: Object.fromEntries(fields.map((field) => [field, settings[field]])),
        },
      ]);
    }
    return settings;
  });
  return certificateView(deps, after);
}

/** Puts a curriculum in the library (§2 Library) or takes it out. */
export async function setLibraryFlag(
  deps: { db: Db; clock: OperatorDeps['clock'] },
  who: ProgrammeActor,
  curriculumKey: number,
  inLibrary: boolean,
): Promise<ProgrammeChange> {
  const changed = await deps.db.transaction().execute(async (trx) => {
    const curriculum = await repo.lockCurriculum(trx, who.lmsKey, curriculumKey);
    if (!curriculum) throw new HttpError(404, 'No such curriculum.');
    if (curriculum.inLibrary === inLibrary) return false;
    await setCurriculumInLibrary(trx, curriculumKey, inLibrary);
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: 'programme.library.update',
        targetType: 'curriculum',
        targetKey: curriculumKey,
        summary: `${inLibrary ? 'Put' : 'Took'} curriculum '${curriculum.name}' ${inLibrary ? 'in' : 'out of'} the library`,
        before: { inLibrary: curriculum.inLibrary },
        after: { inLibrary },
      },
    ]);
    return true;
  });
  return { key: curriculumKey, changed: changed ? ['inLibrary'] : [] };
}

/** The LMS's document forms. */
export async function readDocumentTypes(deps: { db: Db }, lmsKey: number) {
  return { documentTypes: await listDocumentTypes(deps, lmsKey) };
}

/**
 * Creates a document form or updates the one of that name, by define-document's rules (the
 * definition is checked as its JSON file is; the messages without the file's line numbers).
 */
export async function defineDocumentForm(
  deps: { db: Db; clock: OperatorDeps['clock'] },
  who: ProgrammeActor,
  body: DocumentTypeDefinitionBody,
): Promise<DocumentType> {
  const parsed = parseDocumentTypeDefinition(JSON.stringify(body));
  if (!parsed.ok) throw refused(parsed.errors.map((error) => error.replace(/^line \d+: /, '')));
  const definition = parsed.definition;
  return deps.db.transaction().execute(async (trx) => {
    const byName = (list: DocumentType[]) => list.find((form) => form.name === definition.name);
    const before = byName(await listDocumentTypes({ db: trx }, who.lmsKey));
    const result = await defineDocumentTypeIn(trx, who.lmsKey, definition);
    const after = byName(await listDocumentTypes({ db: trx }, who.lmsKey))!;
    await recordAudit(trx, deps, who.actor, [
      {
        lmsKey: who.lmsKey,
        action: 'programme.documents.define',
        targetType: 'document-form',
        targetKey: result.formKey,
        summary: `${result.created ? 'Created' : 'Updated'} document form '${definition.name}'`,
        before: before ?? null,
        after,
      },
    ]);
    return after;
  });
}
