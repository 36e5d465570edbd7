import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  LIBRARY_FILE_FIELD,
  LIBRARY_FILE_MAX_BYTES,
  consoleLibraryCalls,
  consoleLibrarySchemas,
} from '@waypoint/domain/console-contract';
import { MEDIA_MAX_BYTES } from '../library/manage.service.js';
import { actorOf } from '../staff/audit.js';
import {
  addFile,
  addLink,
  createGroup,
  limitItem,
  readLibrary,
  removeMedia,
  type LibraryActor,
} from './library.service.js';
import { multipartLimitsFor, withUploadedFile, type UploadKind } from './upload.js';

const MEDIA_UPLOAD: UploadKind = {
  field: LIBRARY_FILE_FIELD,
  maxBytes: Math.min(MEDIA_MAX_BYTES, LIBRARY_FILE_MAX_BYTES),
  noun: 'The file',
  nothing: 'Nothing was added.',
};

function who(request: FastifyRequest): LibraryActor {
  const staff = request.staff!;
  return { lmsKey: staff.lmsKey, lmsCode: staff.lmsCode, actor: actorOf(request) };
}

/** The multipart field `groups`: the names, one a line. */
const groupLines = (value: string | undefined) =>
  (value ?? '')
    .split('\n')
    .map((name) => name.trim())
    .filter((name) => name !== '');

/**
 * The library in the console (docs/decisions/0021, §2 Library): reading needs programme.view,
 * every change programme.library. The library is the LMS's: restriction groups do not narrow it.
 */
export async function libraryRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  // The media file upload's own limits (this plugin's routes only).
  await app.register(multipart, {
    limits: multipartLimitsFor(MEDIA_UPLOAD),
    throwFileSizeLimit: false,
  });
  const calls = consoleLibraryCalls;
  const schemas = consoleLibrarySchemas;

  app.get(
    calls.library.route,
    { preHandler: app.requireStaff('programme.view'), schema: schemas.library },
    async (request) => readLibrary(app.deps, request.staff!.lmsCode),
  );

  app.post(
    calls.addLink.route,
    { preHandler: app.requireStaff('programme.library'), schema: schemas.addLink },
    async (request) => addLink(app.deps, who(request), request.body),
  );

  app.post(
    calls.addFile.route,
    { preHandler: app.requireStaff('programme.library'), schema: schemas.addFile },
    async (request) =>
      withUploadedFile(request, MEDIA_UPLOAD, (upload) =>
        addFile(app.deps, who(request), upload, groupLines(upload.fields.get('groups'))),
      ),
  );

  app.delete(
    calls.removeMedia.route,
    { preHandler: app.requireStaff('programme.library'), schema: schemas.removeMedia },
    async (request) => removeMedia(app.deps, who(request), request.params.libraryKey),
  );

  app.put(
    calls.limitMedia.route,
    { preHandler: app.requireStaff('programme.library'), schema: schemas.limitMedia },
    async (request) =>
      limitItem(app.deps, who(request), { media: request.params.libraryKey }, request.body.groups),
  );

  app.put(
    calls.limitCourse.route,
    { preHandler: app.requireStaff('programme.library'), schema: schemas.limitCourse },
    async (request) =>
      limitItem(app.deps, who(request), { course: request.params.courseKey }, request.body.groups),
  );

  app.post(
    calls.createGroup.route,
    { preHandler: app.requireStaff('programme.library'), schema: schemas.createGroup },
    async (request) => createGroup(app.deps, who(request), request.body.name),
  );
}
