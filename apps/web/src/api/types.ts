/** Entities of spec §3 as the server sends them. */

/** User details (spec §3), shared with the server. */
export type { UserDetails } from '@waypoint/domain';

/** Permissions (spec §3); only isStudent and userType are used by the panel. */
export interface Permissions {
  name?: string;
  lmsKey?: number;
  userType: number;
  isAdmin?: boolean | number;
  isStudent: boolean | number;
  [flag: string]: unknown;
}

/** LMS info (spec §3 plus the Waypoint fields of the design brief). */
export interface LmsInfo {
  lmsKey: number;
  lmsName: string;
  lmsDisplayName: string;
  lmsShortName: string;
  lmsCode: string;
  customerID?: string | number;
  obsolete?: number;
  sandbox?: number;
  adminLocked?: number;
  studentLocked: number;
  defaultLanguage?: string;
  billingType?: number;
  themeURL?: string | null;
  showDashboard?: number | null;
  rebrand2021?: number | null;
  enforceCurriculumPrerequisitesToggle?: number;
  hideCPaTLogin?: number | boolean;
  ssoEnabled?: boolean | number;
  liveBackground?: boolean | number;
  [themeField: string]: unknown;
}

/** Support info (spec §3); StudentFAQ defaults to 'N/A' until loaded. */
export interface SupportInfo {
  Phone: string;
  OperationHours: string;
  Email: string;
  Chat: string;
  StudentFAQ: string;
  HelpCenterURL?: string;
  PrivacyPolicyURL?: string;
}

/** App download link (spec §3). */
export interface AppDownloadLink {
  label: string;
  link: string;
  willRender: boolean | number;
}

/** A password-rule message as the set-password and change-password calls return them. */
export interface ServerMessage {
  statusCode?: number;
  message: string;
}

/** GET /lms/now. */
export interface ServerTime {
  now: number;
}
