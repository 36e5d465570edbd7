import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { resolveLms } from '../../platform/lms-resolver.js';
import { errorResponses } from '../users/schemas.js';
import { presentLmsInfo, presentSupportInfo } from './presenter.js';
import { appDownloadLinks, studentParameters } from './service.js';

const LmsQuery = Type.Object({ lms: Type.Optional(Type.String({ maxLength: 63 })) });

const LmsInfoBody = Type.Object({
  lmsKey: Type.Integer(),
  lmsName: Type.String(),
  lmsDisplayName: Type.String(),
  lmsShortName: Type.String(),
  lmsCode: Type.String(),
  customerID: Type.Integer(),
  obsolete: Type.Integer(),
  sandbox: Type.Integer(),
  adminLocked: Type.Integer(),
  studentLocked: Type.Integer(),
  defaultLanguage: Type.String(),
  billingType: Type.Integer(),
  themeName: Type.String(),
  themePrimaryColor: Type.String(),
  themeLogoURL: Type.String(),
  themeURL: Type.String(),
  showDashboard: Type.Integer(),
  rebrand2021: Type.Integer(),
  enforceCurriculumPrerequisitesToggle: Type.Integer(),
  hideCPaTLogin: Type.Integer(),
  ssoEnabled: Type.Boolean(),
  liveBackground: Type.Boolean(),
});

const SupportInfoBody = Type.Object({
  Phone: Type.String(),
  OperationHours: Type.String(),
  Email: Type.String(),
  Chat: Type.String(),
  StudentFAQ: Type.String(),
  HelpCenterURL: Type.String(),
  PrivacyPolicyURL: Type.String(),
});

/** Public LMS data (no session) and the student parameters (spec §3, §7). */
export async function lmsInfoRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/PublicInfo/LMS/Info/',
    {
      schema: {
        summary: 'LMS info of the training provider this request is for (no session)',
        querystring: LmsQuery,
        response: { 200: LmsInfoBody, ...errorResponses(404) },
      },
    },
    async (request) => presentLmsInfo(await resolveLms(request)),
  );

  app.get(
    '/api/WaypointInformation/StudentInfo/all',
    {
      schema: {
        summary: 'Support info and FAQ (no session)',
        querystring: LmsQuery,
        response: { 200: SupportInfoBody, ...errorResponses(404) },
      },
    },
    async (request) => presentSupportInfo(await resolveLms(request)),
  );

  app.get(
    '/api/AppDownload/GetLinks/',
    {
      schema: {
        summary: 'App download links, in order (no session)',
        querystring: LmsQuery,
        response: {
          200: Type.Array(
            Type.Object({ label: Type.String(), link: Type.String(), willRender: Type.Boolean() }),
          ),
          ...errorResponses(404),
        },
      },
    },
    async (request) => appDownloadLinks(app, (await resolveLms(request)).lmsKey),
  );

  app.get(
    '/api/LMSStudent/GetLMSStudentParameters/:lmsKey/:userKey',
    {
      preHandler: app.requireStudentSession,
      schema: {
        summary: 'Student parameters of the LMS (student session; keys must be the session own)',
        params: Type.Object({
          lmsKey: Type.String({ maxLength: 20 }),
          userKey: Type.String({ maxLength: 20 }),
        }),
        response: {
          200: Type.Object({
            allowExpiredAssignmentsToBeCompleted: Type.Integer(),
            allowStudentsToViewCertificates: Type.Integer(),
            certificateReporterAccess: Type.Integer(),
          }),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => studentParameters(app, request.session!.lmsKey),
  );
}
