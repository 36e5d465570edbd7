import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { countDocuments, listAssignedDocuments } from './service.js';

const key = Type.Integer({ minimum: 0, maximum: 2147483647 });
const studentPath = Type.Object({ lmsKey: key, userKey: key });
const assignedDocumentSchema = Type.Object({
  key: Type.Number(),
  formKey: Type.Number(),
  lmsKey: Type.Number(),
  name: Type.String(),
  description: Type.String(),
  maxExpiration: Type.Number(),
  userKey: Type.Number(),
  archive: Type.Number(),
  effectiveInstant: Type.Number(),
  expirationInstant: Type.Number(),
  acknowledgedInstant: Type.Number(),
  responseData: Type.String(),
});

/**
 * Assigned documents: the list and the counts behind the header's warning icon (§1, §3, §7).
 * The detail form, uploads and saving come with the documents issue.
 */
export async function documentRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: Static<typeof studentPath> }>(
    '/api/form/:lmsKey/count/:userKey',
    {
      preHandler: app.requireStudentSession,
      schema: {
        summary: 'How many assigned documents are expired or unsubmitted',
        params: studentPath,
        response: { 200: Type.Object({ Expired: Type.Number(), Unsubmitted: Type.Number() }) },
      },
    },
    async (request) =>
      countDocuments(
        app.deps.db,
        request.params.lmsKey,
        request.params.userKey,
        app.deps.clock.now().getTime(),
      ),
  );

  app.get<{ Params: Static<typeof studentPath> }>(
    '/api/form/:lmsKey/ALL/:userKey',
    {
      preHandler: app.requireStudentSession,
      schema: {
        summary: 'The documents assigned to the student',
        params: studentPath,
        response: { 200: Type.Array(assignedDocumentSchema) },
      },
    },
    async (request) =>
      listAssignedDocuments(app.deps.db, request.params.lmsKey, request.params.userKey),
  );
}
