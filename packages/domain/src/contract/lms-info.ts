/**
 * The public LMS calls of spec §7, answered without a session for the training provider a request
 * is for (query `lms`, header X-LMS-Code, the host name, else the default LMS): LMS info, support
 * info and the app-download links.
 */
import { Type, type Static } from 'typebox';
import { defineCall } from './define.js';
import { ErrorBody, Text } from './common.js';

/** The LMS code a request without a session may name (§7 public calls). */
export const LmsQuery = Type.Object({ lms: Type.Optional(Text({ maxLength: 63 })) });

/** Spec §3 LMS info plus the Waypoint fields of the design brief (theme, single sign-on). */
export const LmsInfo = Type.Object({
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
  /**
   * 0 or less shows the Waypoint-login option: the live background and its pause control (§2
   * Login screen); above 0 hides it (ADR 0010).
   */
  hideCPaTLogin: Type.Integer(),
  ssoEnabled: Type.Boolean(),
});
export type LmsInfo = Static<typeof LmsInfo>;

/** Spec §3 Support info, under the names the panel reads (StudentFAQ defaults to 'N/A' there). */
export const SupportInfo = Type.Object({
  Phone: Type.String(),
  OperationHours: Type.String(),
  Email: Type.String(),
  Chat: Type.String(),
  StudentFAQ: Type.String(),
  HelpCenterURL: Type.String(),
  PrivacyPolicyURL: Type.String(),
});
export type SupportInfo = Static<typeof SupportInfo>;

/** Spec §3 App download link; only links with willRender show (§7). */
export const AppDownloadLink = Type.Object({
  label: Type.String(),
  link: Type.String(),
  willRender: Type.Boolean(),
});
export type AppDownloadLink = Static<typeof AppDownloadLink>;

/** The public LMS calls of §7. */
export const lmsInfoCalls = {
  /** GET /api/PublicInfo/LMS/Info/: the LMS info. */
  lmsInfo: defineCall<LmsInfo>()({
    method: 'GET',
    route: '/api/PublicInfo/LMS/Info/',
    path: () => '/api/PublicInfo/LMS/Info/',
  }),
  /** GET /api/WaypointInformation/StudentInfo/all: support info ({product} is Waypoint, §7). */
  supportInfo: defineCall<SupportInfo>()({
    method: 'GET',
    route: '/api/WaypointInformation/StudentInfo/all',
    path: () => '/api/WaypointInformation/StudentInfo/all',
  }),
  /** GET /api/AppDownload/GetLinks/: the app-download links, in order. */
  appDownloadLinks: defineCall<AppDownloadLink[]>()({
    method: 'GET',
    route: '/api/AppDownload/GetLinks/',
    path: () => '/api/AppDownload/GetLinks/',
  }),
};

/** Route schemas of the public LMS calls (validation, serialisation, OpenAPI). */
export const lmsInfoSchemas = {
  lmsInfo: {
    summary: 'LMS info of the training provider this request is for (no session)',
    querystring: LmsQuery,
    response: { 200: LmsInfo, 404: ErrorBody },
  },
  supportInfo: {
    summary: 'Support info and FAQ (no session)',
    querystring: LmsQuery,
    response: { 200: SupportInfo, 404: ErrorBody },
  },
  appDownloadLinks: {
    summary: 'App download links, in order (no session)',
    querystring: LmsQuery,
    response: { 200: Type.Array(AppDownloadLink), 404: ErrorBody },
  },
} satisfies Record<keyof typeof lmsInfoCalls, object>;
