import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  launchCalls,
  launchSchemas,
  type LaunchForm,
  type LaunchIdPath,
  type LaunchKeys,
  type LibraryLaunchForm,
  type PrelaunchPath,
  type PrelaunchQuery,
  type VerifyForm,
} from '@waypoint/domain/contract';
import type { Static } from 'typebox';
import { startMfaChallenge, verifyMfaCode } from '../auth/mfa.service.js';
import { contentOriginOf } from '../../platform/content-origin.js';
import { findFormSession, type SessionInfo } from '../sessions/guard.js';
import { launchErrorPage, verificationPage } from './pages.js';
import {
  libraryLaunch,
  openLaunchWindow,
  prelaunch,
  startLaunch,
  verifyAndOpen,
  type LaunchStudent,
  type LaunchWindowStep,
  type Refusal,
} from './service.js';

const ERROR_NAMES: Record<number, string> = {
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  503: 'Service Unavailable',
};

/** A refusal with the §8 errorMessage the panel shows (and the usual error fields). */
const sendRefusal = (reply: FastifyReply, refusal: Refusal) =>
  reply.status(refusal.status).send({
    statusCode: refusal.status,
    error: ERROR_NAMES[refusal.status] ?? 'Error',
    message: refusal.errorMessage,
    errorMessage: refusal.errorMessage,
  });

const studentOf = (session: SessionInfo): LaunchStudent => ({
  userKey: session.userKey,
  lmsKey: session.lmsKey,
  sessionHash: session.sessionHash,
});

const SIGNED_OUT =
  'Your session is no longer valid. Sign in to Waypoint again, then launch the lesson.';

async function answerStep(
  app: FastifyInstance,
  reply: FastifyReply,
  step: LaunchWindowStep,
  sessionId: string,
) {
  reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    // The lesson window passes through here on its way to the content origin; any other COOP on
    // the way would cut it off from the panel, which watches it to reload progress when it closes.
    .header('cross-origin-opener-policy', 'unsafe-none');
  if (step.kind === 'player') return reply.redirect(step.url, 303);
  reply.type('text/html; charset=utf-8');
  if (step.kind === 'verify') {
    // Students who sign in with MFA get an emailed code, as at sign-in (auth's MFA challenge).
    const mfaId =
      step.method === 'code'
        ? (step.mfaId ?? (await startMfaChallenge({ ...app.deps, log: app.log }, step.user, false)))
        : undefined;
    return reply.send(
      verificationPage({
        launchId: step.launchId,
        sessionId,
        error: step.error,
        ...(mfaId ? { mfaId } : {}),
      }),
    );
  }
  return reply.status(403).send(launchErrorPage(step.message));
}

/** The lesson launch flow's server side (§4 Lesson launch flow, §7 prelaunch and studentlaunch). */
export async function launchRoutes(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;

  app.post<{ Params: Static<typeof PrelaunchPath>; Querystring: Static<typeof PrelaunchQuery> }>(
    launchCalls.prelaunch.route,
    { preHandler: app.requireStudentSession, schema: launchSchemas.prelaunch },
    async (request, reply) => {
      const result = await prelaunch(
        app.deps,
        studentOf(request.session!),
        {
          curriculumKey: request.params.curriculumKey,
          lessonKey: request.params.elementKey,
          assignmentKey: request.params.assignmentKey,
        },
        clock.now(),
        request.query.force === true,
      );
      if (result.status === 200) return { errorMessage: '' };
      return sendRefusal(reply, result);
    },
  );

  // The start-launch post: its text answer is the launch id the launch form posts to.
  app.post<{ Body: LaunchKeys }>(
    launchCalls.startLaunch.route,
    { preHandler: app.requireStudentSession, schema: launchSchemas.startLaunch },
    async (request, reply) => {
      const result = await startLaunch(
        app.deps,
        studentOf(request.session!),
        {
          curriculumKey: request.body.curriculumKey,
          lessonKey: request.body.elementKey,
          assignmentKey: request.body.assignmentKey,
        },
        clock.now(),
        contentOriginOf(app.deps),
      );
      if (result.status === 200)
        return reply.type('text/plain; charset=utf-8').send(result.launchId);
      return sendRefusal(reply, result);
    },
  );

  // The launch form post, into the lesson window (hidden sessionID; liveVerification=1 on the
  // second form, though the server decides on verification itself).
  app.post<{ Params: Static<typeof LaunchIdPath>; Body: LaunchForm }>(
    launchCalls.launchForm.route,
    { schema: launchSchemas.launchForm },
    async (request, reply) => {
      const session = await findFormSession(request);
      if (!session) return answerStep(app, reply, { kind: 'error', message: SIGNED_OUT }, '');
      const step = await openLaunchWindow(
        app.deps,
        studentOf(session),
        request.params.launchId,
        clock.now(),
      );
      return answerStep(app, reply, step, request.body.sessionID ?? '');
    },
  );

  app.post<{ Params: Static<typeof LaunchIdPath>; Body: VerifyForm }>(
    launchCalls.verify.route,
    { schema: launchSchemas.verify },
    async (request, reply) => {
      const session = await findFormSession(request);
      if (!session) return answerStep(app, reply, { kind: 'error', message: SIGNED_OUT }, '');
      const { password, code, mfaID } = request.body;
      const step = await verifyAndOpen(
        db,
        studentOf(session),
        request.params.launchId,
        mfaID !== undefined && code !== undefined
          ? {
              method: 'code',
              mfaId: mfaID,
              check: () =>
                verifyMfaCode(app.deps, {
                  mfaId: mfaID,
                  code: code.trim(),
                  clientAddress: request.ip,
                }),
            }
          : { method: 'password', password: password ?? '' },
        clock.now(),
      );
      return answerStep(app, reply, step, request.body.sessionID ?? '');
    },
  );

  // §2 Library: "posts a form to the library-launch endpoint into a window named preview".
  app.post<{ Body: LibraryLaunchForm }>(
    launchCalls.libraryLaunch.route,
    { schema: launchSchemas.libraryLaunch },
    async (request, reply) => {
      const session = await findFormSession(request);
      if (!session) return answerStep(app, reply, { kind: 'error', message: SIGNED_OUT }, '');
      const step = await libraryLaunch(
        db,
        studentOf(session),
        Number(request.body.leafKey),
        clock.now(),
        contentOriginOf(app.deps),
      );
      return answerStep(app, reply, step, request.body.sessionID ?? '');
    },
  );
}
