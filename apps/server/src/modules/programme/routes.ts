import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { programmeCalls, programmeSchemas } from '@waypoint/domain/console-contract';
import { actorOf } from '../staff/audit.js';
import { importUploadedPackage } from './import.service.js';
import {
  addClassroomLesson,
  editCourse,
  editCurriculum,
  editLesson,
  editTopic,
  moveItem,
  readProgramme,
  type ProgrammeActor,
} from './service.js';
import {
  defineDocumentForm,
  editCertificateSettings,
  readCertificateSettings,
  readDocumentTypes,
  setLibraryFlag,
} from './settings.service.js';
import { PACKAGE_MULTIPART_LIMITS, withUploadedPackage } from './upload.js';

/** Who acts, in which LMS (the programme is the LMS's: restriction groups do not narrow it). */
function who(request: FastifyRequest): ProgrammeActor & { lmsCode: string } {
  const staff = request.staff!;
  return { lmsKey: staff.lmsKey, lmsCode: staff.lmsCode, actor: actorOf(request) };
}

/**
 * The training programme in the console (docs/decisions/0021): the tree, the package upload, the
 * edits of each level and their order, classroom lessons, certificate settings, the library flag
 * and the document forms. Reading needs programme.view; each edit its own action.
 */
export async function programmeRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  // Only the upload takes a multipart body (this plugin's routes); its limits hold whatever is sent.
  await app.register(multipart, { limits: PACKAGE_MULTIPART_LIMITS, throwFileSizeLimit: false });
  const calls = programmeCalls;
  const schemas = programmeSchemas;

  app.get(
    calls.tree.route,
    { preHandler: app.requireStaff('programme.view'), schema: schemas.tree },
    async (request) => readProgramme(app.deps, request.staff!.lmsKey),
  );

  app.post(
    calls.upload.route,
    { preHandler: app.requireStaff('programme.import'), schema: schemas.upload },
    async (request) =>
      withUploadedPackage(request, (upload) =>
        importUploadedPackage(app.deps, who(request), upload),
      ),
  );

  app.put(
    calls.editCurriculum.route,
    { preHandler: app.requireStaff('programme.curriculum'), schema: schemas.editCurriculum },
    async (request) =>
      editCurriculum(app.deps, who(request), request.params.curriculumKey, request.body),
  );

  app.put(
    calls.setLibrary.route,
    { preHandler: app.requireStaff('programme.library'), schema: schemas.setLibrary },
    async (request) =>
      setLibraryFlag(app.deps, who(request), request.params.curriculumKey, request.body.inLibrary),
  );

  app.put(
    calls.editCourse.route,
    { preHandler: app.requireStaff('programme.course'), schema: schemas.editCourse },
    async (request) => editCourse(app.deps, who(request), request.params.courseKey, request.body),
  );

  app.put(
    calls.editTopic.route,
    { preHandler: app.requireStaff('programme.topic'), schema: schemas.editTopic },
    async (request) => editTopic(app.deps, who(request), request.params.topicKey, request.body),
  );

  app.put(
    calls.editLesson.route,
    { preHandler: app.requireStaff('programme.lesson'), schema: schemas.editLesson },
    async (request) => editLesson(app.deps, who(request), request.params.lessonKey, request.body),
  );

  app.post(
    calls.moveCourse.route,
    { preHandler: app.requireStaff('programme.course'), schema: schemas.moveCourse },
    async (request) =>
      moveItem(app.deps, who(request), 'course', request.params.courseKey, request.body.direction),
  );

  app.post(
    calls.moveTopic.route,
    { preHandler: app.requireStaff('programme.topic'), schema: schemas.moveTopic },
    async (request) =>
      moveItem(app.deps, who(request), 'topic', request.params.topicKey, request.body.direction),
  );

  app.post(
    calls.moveLesson.route,
    { preHandler: app.requireStaff('programme.lesson'), schema: schemas.moveLesson },
    async (request) =>
      moveItem(app.deps, who(request), 'lesson', request.params.lessonKey, request.body.direction),
  );

  app.post(
    calls.addClassroomLesson.route,
    { preHandler: app.requireStaff('programme.classroom'), schema: schemas.addClassroomLesson },
    async (request) =>
      addClassroomLesson(app.deps, who(request), request.params.topicKey, request.body),
  );

  app.get(
    calls.certificateSettings.route,
    { preHandler: app.requireStaff('programme.view'), schema: schemas.certificateSettings },
    async (request) => readCertificateSettings(app.deps, request.staff!.lmsCode),
  );

  app.put(
    calls.editCertificateSettings.route,
    {
      preHandler: app.requireStaff('programme.curriculum'),
      schema: schemas.editCertificateSettings,
    },
    async (request) => editCertificateSettings(app.deps, who(request), request.body),
  );

  app.get(
    calls.documentTypes.route,
    { preHandler: app.requireStaff('programme.view'), schema: schemas.documentTypes },
    async (request) => readDocumentTypes(app.deps, request.staff!.lmsKey),
  );

  app.put(
    calls.defineDocumentType.route,
    { preHandler: app.requireStaff('programme.documents'), schema: schemas.defineDocumentType },
    async (request) => defineDocumentForm(app.deps, who(request), request.body),
  );
}
