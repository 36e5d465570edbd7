import type { ColumnType, Generated } from 'kysely';

/**
 * Row types for every table, in camelCase (the CamelCasePlugin maps them to the snake_case
 * columns of db/migrations). Columns with a database default are Generated.
 */
type Default<T> = ColumnType<T, T | undefined, T>;
type Instant = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableInstant = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** numeric columns come back as strings from both drivers; db/connection parses them to numbers. */
type Num = Default<number>;

export interface LmsTable {
  lmsKey: Generated<number>;
  lmsCode: string;
  lmsName: string;
  lmsDisplayName: string;
  lmsShortName: Default<string>;
  customerId: Default<number>;
  obsolete: Default<number>;
  sandbox: Default<number>;
  adminLocked: Default<number>;
  studentLocked: Default<number>;
  defaultLanguage: Default<string>;
  billingType: Default<number>;
  themeName: Default<string>;
  themePrimaryColor: Default<string>;
  themeLogoUrl: Default<string>;
  themeUrl: Default<string>;
  showDashboard: Default<number>;
  rebrand2021: Default<number>;
  enforceCurriculumPrerequisitesToggle: Default<number>;
  /** 0 or less shows the Waypoint-login option (live background and its controls); above 0 hides it. */
  hideCpatLogin: Default<number>;
  ssoEnabled: Default<boolean>;
  hostNames: Default<string[]>;
  isDefault: Default<boolean>;
  supportPhone: Default<string>;
  supportOperationHours: Default<string>;
  supportEmail: Default<string>;
  supportChat: Default<string>;
  studentFaq: Default<string>;
  helpCentreUrl: Default<string>;
  privacyPolicyUrl: Default<string>;
  allowExpiredAssignmentsToBeCompleted: Default<number>;
  allowStudentsToViewCertificates: Default<number>;
  certificateReporterAccess: Default<number>;
  mfaRememberDeviceMs: Num;
  createdAt: Instant;
}

export interface AppDownloadLinkTable {
  linkKey: Generated<number>;
  lmsKey: number;
  label: string;
  link: string;
  willRender: Default<boolean>;
  sortOrder: Default<number>;
}

export interface AppUserTable {
  userKey: Generated<number>;
  lmsKey: number;
  userId: string;
  email: Default<string>;
  nameCollated: Default<string>;
  nameOther: Default<string>;
  displayName: Default<string>;
  employeeId: Default<string>;
  base: Default<string>;
  position: Default<string>;
  fleet: Default<string>;
  restrictionGroup: Default<string>;
  phone: Default<string>;
  userType: Default<number>;
  isStudent: Default<boolean>;
  inactive: Default<number>;
  mfaEnabled: Default<boolean>;
  passwordHash: Default<string | null>;
  passwordChangedAt: NullableInstant;
  failedLoginCount: Default<number>;
  lockedUntil: NullableInstant;
  createdAt: Instant;
  /** When the student last passed the launch re-authentication (migration 0005). */
  lastVerifiedAt: NullableInstant;
  /** When the user last signed in to the panel or the console (migration 0022). */
  lastSignInAt: NullableInstant;
  /** When their personal data was replaced by their subject id (migration 0030, retention). */
  pseudonymisedAt: NullableInstant;
}

export interface UserSessionTable {
  sessionHash: string;
  userKey: number;
  lmsKey: number;
  bindingHash: Default<string | null>;
  createdAt: Instant;
  lastSeenAt: Instant;
  expiresAt: Instant;
  endedAt: NullableInstant;
  clientAddress: Default<string>;
  userAgent: Default<string>;
  /** Which app the session is for: the student panel or the staff console (migration 0022). */
  audience: Default<SessionAudience>;
}

/** The app a session or an MFA challenge is for (migration 0022). */
export type SessionAudience = 'panel' | 'console';

export interface MfaChallengeTable {
  mfaHash: string;
  userKey: number;
  codeHash: string;
  useCookie: Default<boolean>;
  createdAt: Instant;
  codeSentAt: Instant;
  expiresAt: Instant;
  failedAttempts: Default<number>;
  resendCount: Default<number>;
  consumedAt: NullableInstant;
  audience: Default<SessionAudience>;
}

export interface RememberedDeviceTable {
  deviceHash: string;
  userKey: number;
  createdAt: Instant;
  expiresAt: Instant;
}

export interface PasswordTokenTable {
  tokenHash: string;
  userKey: number;
  purpose: 'reset' | 'register';
  createdAt: Instant;
  expiresAt: Instant;
  usedAt: NullableInstant;
}

export interface RateLimitTable {
  bucket: string;
  hits: number;
  windowEndsAt: Instant;
}

export interface EmailOutboxTable {
  emailKey: Generated<number>;
  lmsKey: number | null;
  toAddress: string;
  subject: string;
  textBody: string;
  createdAt: Instant;
  sentAt: NullableInstant;
  error: Default<string | null>;
  /** The HTML part, when the email has one (migration 0014). */
  htmlBody: Default<string | null>;
  /** Tries so far, and when the next may be made (migration 0017; null: none due). */
  attempts: Default<number>;
  nextAttemptAt: Default<Date | null>;
  /** Addresses copied (Cc), as reminders copy a student's managers (migration 0026). */
  ccAddresses: Default<string[]>;
}

export interface ServerSecretTable {
  name: string;
  value: string;
  createdAt: Instant;
}

export interface CurriculumPrerequisiteTypeTable {
  prerequisiteKey: number;
  prerequisiteName: string;
}

export interface ContentPackageTable {
  packageKey: Generated<number>;
  lmsKey: number;
  title: string;
  scormVersion: string;
  storageFolder: string;
  manifest: Default<unknown>;
  uploadedAt: Instant;
}

export interface ScoTable {
  scoKey: Generated<number>;
  packageKey: number;
  identifier: string;
  title: string;
  scoType: Default<string>;
  launchFile: string;
  parameters: Default<string>;
  masteryScore: Default<number | null>;
  completionThreshold: Default<number | null>;
  launchData: Default<string>;
  maxTimeAllowed: Default<string>;
  sortOrder: Default<number>;
  timeLimitAction: Default<string>;
  /** 2004 imsss:deliveryControls (migration 0021). */
  completionSetByContent: Default<boolean>;
  objectiveSetByContent: Default<boolean>;
}

export interface CurriculumTable {
  curriculumKey: Generated<number>;
  lmsKey: number;
  name: string;
  description: Default<string>;
  certificateUrl: Default<string>;
  inLibrary: Default<boolean>;
  createdAt: Instant;
  /** Migration 0024: what a new assignment defaults to (duration, or a YYYY-MM-DD due date). */
  defaultDurationMs: Default<number | null>;
  defaultDueDate: Default<string | null>;
  /** Migration 0029: the validity rule (none, months, easa, faa); left out: the LMS's default. */
  validityRule: Default<'none' | 'months' | 'easa' | 'faa'>;
  validityMonths: Default<number>;
}

export interface CourseTable {
  courseKey: Generated<number>;
  curriculumKey: number;
  sortOrder: Default<number>;
  name: string;
  description: Default<string>;
  draft: Default<number>;
  prerequisiteKey: Default<number>;
  minScoreComplete: Num;
  minScorePass: Num;
  minScore: Num;
  certificateUrl: Default<string>;
}

export interface TopicTable {
  topicKey: Generated<number>;
  courseKey: number;
  sortOrder: Default<number>;
  name: Default<string>;
  description: Default<string>;
  prerequisite: Default<number>;
}

export interface LessonTable {
  lessonKey: Generated<number>;
  topicKey: number;
  sortOrder: Default<number>;
  name: string;
  description: Default<string>;
  scoKey: Default<number | null>;
  playMode: Default<number>;
  prerequisite: Default<number>;
  maxAttempts: Default<number>;
  minScoreComplete: Num;
  minScorePass: Num;
  minScore: Num;
  scoreWeight: Num;
  scorable: Default<number>;
  player: Default<string>;
  launchData: Default<unknown>;
  launchMode: Default<string>;
  studentVerificationEnabled: Default<number>;
  maxLocation: Default<number>;
}

export interface AssignmentTable {
  assignmentKey: Generated<number>;
  userKey: number;
  curriculumKey: number;
  assignedAt: Instant;
  startDate: Instant;
  durationMs: Num;
  flaggedOfflineCompletion: Default<boolean>;
  removedAt: NullableInstant;
  /** The assignment rule that made it, if one did (migration 0022). */
  ruleKey: Default<number | null>;
}

/** Staff roles: built-in (flags from the code's BUILT_IN_ROLES) or made by an administrator. */
export interface StaffRoleTable {
  roleKey: Generated<number>;
  lmsKey: number;
  name: string;
  builtIn: Default<string | null>;
  permissions: Default<unknown>;
  createdAt: Instant;
}

/** Who is staff: their role and the restriction groups that scope them ('{}' = whole LMS). */
export interface StaffMemberTable {
  userKey: number;
  roleKey: number;
  restrictionGroups: Default<string[]>;
  createdAt: Instant;
}

/** The append-only audit log of staff and operator actions (migration 0022). */
export interface AuditEventTable {
  eventKey: Generated<string>;
  lmsKey: number | null;
  at: Instant;
  actorUserKey: Default<number | null>;
  actorLabel: string;
  clientAddress: Default<string>;
  action: string;
  targetType: Default<string>;
  targetKey: Default<string>;
  summary: Default<string>;
  before: Default<unknown>;
  after: Default<unknown>;
}

/** Assignment rules: a curriculum for everyone matching base/fleet/position/restriction group. */
export interface AssignmentRuleTable {
  ruleKey: Generated<number>;
  lmsKey: number;
  curriculumKey: number;
  base: Default<string | null>;
  fleet: Default<string | null>;
  position: Default<string | null>;
  restrictionGroup: Default<string | null>;
  startDate: NullableInstant;
  durationMs: Default<number | null>;
  dueDate: NullableInstant;
  createdBy: Default<number | null>;
  createdAt: Instant;
  endedAt: NullableInstant;
  /** The restriction groups of the scoped staff member who made it; {} = the whole LMS (0025). */
  scopeGroups: Default<string[]>;
}

export interface LessonProgressTable {
  assignmentKey: number;
  lessonKey: number;
  userKey: number;
  attempts: Default<number>;
  completion: Default<number>;
  completionInstant: NullableInstant;
  score: Num;
  credit: Default<number>;
  location: Default<number>;
  maxLocation: Default<number>;
  locationBlob: Default<string>;
  suspendData: Default<string>;
  progressMeasure: Num;
  totalTimeMs: Num;
  lastLaunchedAt: NullableInstant;
  flaggedOffline: Default<boolean>;
  updatedAt: Instant;
  /** Raw cmi elements of the current attempt, as JSON text (migration 0005). */
  cmi: Default<string>;
  /** The attempts made before the assignment's current recurrent cycle (migration 0029). */
  cycleStartAttempts: Default<number>;
}

/**
 * One attempt of one lesson (migration 0027, ADR 0023): its own result, time and launch; an ended
 * attempt never changes. lesson_progress.attempts is the latest attempt's number.
 */
export interface LessonAttemptTable {
  assignmentKey: number;
  lessonKey: number;
  number: number;
  userKey: number;
  source: 'player' | 'migrated' | 'imported' | 'correction';
  launchId: string | null;
  lastLaunchId: string | null;
  startedAt: Instant;
  endedAt: NullableInstant;
  updatedAt: Instant;
  completion: Default<number>;
  credit: Default<number>;
  /** Fraction 0..1 as lesson_progress.score; null when the attempt has no score. */
  score: ColumnType<number | null, number | null | undefined, number | null>;
  progressMeasure: ColumnType<number | null, number | null | undefined, number | null>;
  completionInstant: NullableInstant;
  baseTotalTimeMs: Default<number>;
  durationMs: Default<number>;
  flaggedOffline: Default<boolean>;
  /** The attempt's raw cmi as JSON text, kept when it ends. */
  cmi: string | null;
  recordedBy: number | null;
  reason: string | null;
  corrects: number | null;
}

/** One opening of a lesson in the player window (migration 0005); commits belong to it. */
export interface LaunchTable {
  launchId: string;
  tokenHash: string | null;
  userKey: number;
  lmsKey: number;
  sessionHash: string;
  curriculumKey: number;
  assignmentKey: number | null;
  lessonKey: number;
  scoKey: number;
  contentOrigin: string;
  mode: 'normal' | 'browse' | 'review';
  credit: boolean;
  preview: Default<boolean>;
  status: Default<'starting' | 'open' | 'closed'>;
  closedReason: string | null;
  baseTotalTimeMs: Num;
  lastSeq: Default<number>;
  createdAt: Instant;
  openedAt: NullableInstant;
  lastActiveAt: Instant;
  closedAt: NullableInstant;
  /** A device's opening synced through an offline grant (migration 0031), with the device's id. */
  offlineGrantId: Default<string | null>;
  offlineLocalId: Default<string | null>;
}

/** One lesson kept on one device to play offline (migration 0031, ADR 0024). */
export interface OfflineGrantTable {
  grantId: string;
  tokenHash: string;
  lmsKey: number;
  userKey: number;
  sessionHash: string;
  curriculumKey: number;
  assignmentKey: number;
  lessonKey: number;
  scoKey: number;
  contentOrigin: string;
  createdAt: Instant;
  expiresAt: Instant;
  removedAt: NullableInstant;
  /** The lesson progress's updated_at as the device last knew it (the conflict rule). */
  knownProgressAt: NullableInstant;
}

export interface WidgetTable {
  widgetKey: Generated<number>;
  lmsKey: number;
  widgetType: string;
  name: string;
  settings: Default<unknown>;
  sortOrder: Default<number>;
  isDeleted: Default<number>;
}

export interface CertificateSettingsTable {
  lmsKey: number;
  showLmsName: Default<boolean>;
  showSummaryInfo: Default<boolean>;
  showAssignmentList: Default<boolean>;
  showText: Default<boolean>;
  showSignature: Default<boolean>;
  certificateText: Default<string>;
  certificateTypeName: Default<string>;
  logoUrl: Default<string>;
  signatureName: Default<string>;
  signatureTitle: Default<string>;
  signatureImageUrl: Default<string>;
  /** Migration 0008: the theme folder under themes/certificate, and months a certificate stays valid (0: no expiry). */
  theme: Default<string>;
  validityMonths: Default<number>;
}

// Certificates (migration 0008, docs/decisions/0011).
export interface CertificateAssetTable {
  lmsKey: number;
  name: 'logo' | 'signature';
  mediaType: 'image/png' | 'image/jpeg';
  data: Buffer;
  updatedAt: Instant;
}

export interface IssuedCertificateTable {
  certificateKey: Generated<number>;
  /** The random code of the verification page (130 bits, base32); never a database key. */
  publicId: string;
  lmsKey: number;
  userKey: number;
  assignmentKey: number;
  curriculumKey: number;
  courseKey: number | null;
  holderName: string;
  achievementName: string;
  certificateTypeName: Default<string>;
  issuerName: string;
  theme: Default<string>;
  completedAt: Instant;
  issuedAt: Instant;
  expiresAt: NullableInstant;
  statusIndex: number;
  revokedAt: NullableInstant;
  revokeReason: Default<string>;
  /** A reason the public verification page may show (migration 0019); '' for none. */
  revokePublicReason: Default<string>;
}

export interface CredentialSigningKeyTable {
  kid: string;
  algorithm: string;
  publicJwk: unknown;
  privateKeySealed: string;
  createdAt: Instant;
  retiredAt: NullableInstant;
}

export interface LibraryMediaTable {
  libraryKey: Generated<number>;
  lmsKey: number;
  name: string;
  description: Default<string>;
  mediaType: Default<string>;
  link: Default<string>;
  fileName: Default<string>;
  courseKey: Default<number | null>;
  sortOrder: Default<number>;
  /** Migration 0009: a file item's folder in the content storage, its type and size. */
  storageFolder: Default<string | null>;
  contentType: Default<string>;
  sizeBytes: Default<number>;
}

// Library groups (migration 0009): who sees a library media item or library course.
export interface StudentGroupTable {
  groupKey: Generated<number>;
  lmsKey: number;
  name: string;
}

export interface StudentGroupMemberTable {
  groupKey: number;
  userKey: number;
}

export interface LibraryMediaGroupTable {
  libraryKey: number;
  groupKey: number;
}

export interface LibraryCourseGroupTable {
  courseKey: number;
  groupKey: number;
}

export interface DocumentFormTable {
  formKey: Generated<number>;
  lmsKey: number;
  name: string;
  description: Default<string>;
  maxExpirationMs: Num;
}

export interface DocumentFormFieldTable {
  fieldKey: Generated<number>;
  formKey: number;
  name: string;
  description: Default<string>;
  fieldType: Default<string>;
  attributes: Default<unknown>;
  sortOrder: Default<number>;
  /** Migration 0012 (documents): the choices of a select or multiselect field. */
  options: Default<unknown>;
}

export interface AssignedDocumentTable {
  formKey: number;
  userKey: number;
  archive: Default<number>;
  effectiveAt: NullableInstant;
  expiresAt: NullableInstant;
  acknowledgedAt: NullableInstant;
  responseData: Default<unknown>;
  updatedAt: Instant;
}

export interface DocumentUploadTable {
  uploadKey: Generated<number>;
  formKey: number;
  userKey: number;
  fieldKey: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storagePath: string;
  uploadedAt: Instant;
}

export interface AnnotationTable {
  annotationKey: Generated<number>;
  lmsKey: number;
  courseKey: number;
  scoKey: number;
  userKey: number;
  location: string;
  annotationType: Default<string>;
  annotationString: string;
  parent: Default<number>;
  createdAt: Instant;
}

export interface EvaluationTable {
  evaluationKey: Generated<number>;
  lmsKey: number;
  userKey: number;
  evaluationType: Default<string>;
  name: string;
  halfLink: string;
}

/** A student's report data version, bumped by triggers (migration 0004). */
export interface ReportVersionTable {
  userKey: number;
  version: Default<number>;
}

/** The one-row version of all curriculum content, bumped by triggers (migration 0004). */
export interface ContentVersionTable {
  onlyRow: Default<boolean>;
  version: Default<number>;
}

/** A learner's SCORM 2004 sequencing state of a package in a course, per attempt (migration 0010). */
export interface SequencingStateTable {
  assignmentKey: number;
  courseKey: number;
  packageKey: number;
  attempt: Default<number>;
  userKey: number;
  /** scorm-again's serialized sequencing state (JSON text). */
  state: Default<string>;
  /** The global objective map (JSON text). */
  globalObjectives: Default<string>;
  /** The sequencing session ended (exitAll, or the course is done): the next start is a new attempt. */
  ended: Default<boolean>;
  /** The root activity's rollup after the last step (null: unknown). */
  rollupCompleted: boolean | null;
  rollupSatisfied: boolean | null;
  rollupMeasure: number | null;
  /** What the panel shows of the attempt (migration 0016; JSON text, '' when not worked out). */
  panel: Default<string>;
  launchId: string | null;
  lastSeq: Default<number>;
  updatedAt: Instant;
}

/** What one completion of an assignment is worth, by the domain's validity rule (migration 0029). */
export interface QualificationPeriodTable {
  assignmentKey: number;
  number: number;
  completedAt: Instant;
  validUntil: NullableInstant;
  recurrentDueAt: NullableInstant;
  windowOpensAt: NullableInstant;
  validityRule: 'none' | 'months' | 'easa' | 'faa';
  validityMonths: number;
  recordedAt: Default<Date>;
  /** When the recurrent job started the next cycle from this period (null: not yet). */
  cycleStartedAt: NullableInstant;
}

// Compliance oversight (migration 0026, docs/decisions/0022).

/** An assignment's curriculum outcome as the roll-up computed it; stale while computedVersion < version. */
export interface AssignmentStandingTable {
  assignmentKey: number;
  /** The assignment's facts, kept by triggers (migration 0026). */
  lmsKey: number;
  userKey: number;
  curriculumKey: number;
  dueAt: Instant;
  live: boolean;
  outcome: Default<'notstarted' | 'started' | 'complete' | 'failed'>;
  completedAt: NullableInstant;
  lastActivityAt: NullableInstant;
  /** The latest qualification period's end (migration 0029; null: none, or no expiry). */
  validUntil: NullableInstant;
  /** Generated: validUntil when complete, null when failed, else the later of validUntil and dueAt. */
  lapsesAt: ColumnType<Date | null, never, never>;
  version: Default<string>;
  computedVersion: Default<string>;
  computedAt: NullableInstant;
}

/** A staff member's scheduled overdue-and-expiring email (one per staff member). */
export interface ReportSubscriptionTable {
  subscriptionKey: Generated<number>;
  lmsKey: number;
  userKey: number;
  frequency: 'daily' | 'weekly' | 'monthly';
  expiringDays: Default<number>;
  unsubscribeTokenHash: string;
  createdAt: Generated<Date>;
}

/** One delivery of a subscription for one period ('2026-11-27', '2026-W48', '2026-11'): the claim. */
export interface ReportDeliveryTable {
  subscriptionKey: number;
  period: string;
  emailKey: number | null;
  /** The SHA-256 of the unsubscribe token its email carries. */
  unsubscribeTokenHash: Default<string | null>;
  claimedAt: Generated<Date>;
}

/** A file attached to an outbox email (sent with it, and again on a retry). */
export interface EmailAttachmentTable {
  emailKey: number;
  position: number;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A one-time download of an export (the token's SHA-256 only). */
export interface ExportTicketTable {
  tokenHash: string;
  lmsKey: number;
  userKey: number;
  request: unknown;
  fileName: string;
  createdAt: Generated<Date>;
  expiresAt: Instant;
  usedAt: NullableInstant;
}

/** A time-boxed, revocable read-only link for an external inspector (the token's SHA-256 only). */
export interface InspectorLinkTable {
  linkKey: Generated<number>;
  lmsKey: number;
  tokenHash: string;
  label: string;
  createdBy: number | null;
  scopeGroups: Default<string[]>;
  population: Default<unknown>;
  periodFrom: string;
  periodTo: string;
  createdAt: Generated<Date>;
  expiresAt: Instant;
  revokedAt: NullableInstant;
}

/** A student's calendar feed token (migration 0013). */
export interface CalendarFeedTable {
  userKey: number;
  token: string;
  createdAt: Generated<Date>;
}

export interface Database {
  lms: LmsTable;
  appDownloadLink: AppDownloadLinkTable;
  appUser: AppUserTable;
  userSession: UserSessionTable;
  mfaChallenge: MfaChallengeTable;
  rememberedDevice: RememberedDeviceTable;
  passwordToken: PasswordTokenTable;
  rateLimit: RateLimitTable;
  emailOutbox: EmailOutboxTable;
  serverSecret: ServerSecretTable;
  curriculumPrerequisiteType: CurriculumPrerequisiteTypeTable;
  contentPackage: ContentPackageTable;
  sco: ScoTable;
  curriculum: CurriculumTable;
  course: CourseTable;
  topic: TopicTable;
  lesson: LessonTable;
  assignment: AssignmentTable;
  staffRole: StaffRoleTable;
  staffMember: StaffMemberTable;
  auditEvent: AuditEventTable;
  assignmentRule: AssignmentRuleTable;
  lessonProgress: LessonProgressTable;
  lessonAttempt: LessonAttemptTable;
  launch: LaunchTable;
  offlineGrant: OfflineGrantTable;
  widget: WidgetTable;
  certificateSettings: CertificateSettingsTable;
  certificateAsset: CertificateAssetTable;
  issuedCertificate: IssuedCertificateTable;
  credentialSigningKey: CredentialSigningKeyTable;
  libraryMedia: LibraryMediaTable;
  studentGroup: StudentGroupTable;
  studentGroupMember: StudentGroupMemberTable;
  libraryMediaGroup: LibraryMediaGroupTable;
  libraryCourseGroup: LibraryCourseGroupTable;
  documentForm: DocumentFormTable;
  documentFormField: DocumentFormFieldTable;
  assignedDocument: AssignedDocumentTable;
  documentUpload: DocumentUploadTable;
  annotation: AnnotationTable;
  evaluation: EvaluationTable;
  evaluationDefinition: EvaluationDefinitionTable;
  evaluationAttachment: EvaluationAttachmentTable;
  evaluationResponse: EvaluationResponseTable;
  reportVersion: ReportVersionTable;
  calendarFeed: CalendarFeedTable;
  contentVersion: ContentVersionTable;
  sequencingState: SequencingStateTable;
  reminderLmsSetting: ReminderLmsSettingTable;
  reminderUserSetting: ReminderUserSettingTable;
  reminderEmail: ReminderEmailTable;
  reminderClaim: ReminderClaimTable;
  ssoConfig: SsoConfigTable;
  ssoPendingLogin: SsoPendingLoginTable;
  ssoHandoff: SsoHandoffTable;
  ssoSamlAssertion: SsoSamlAssertionTable;
  assignmentStanding: AssignmentStandingTable;
  qualificationPeriod: QualificationPeriodTable;
  reportSubscription: ReportSubscriptionTable;
  reportDelivery: ReportDeliveryTable;
  emailAttachment: EmailAttachmentTable;
  inspectorLink: InspectorLinkTable;
  exportTicket: ExportTicketTable;
  recordRetention: RecordRetentionTable;
  recordSubject: RecordSubjectTable;
  trainingEvent: TrainingEventTable;
  trainingChainHead: TrainingChainHeadTable;
  trainingChainSeal: TrainingChainSealTable;
}

// Evaluations (migration 0007): definitions, their attachments to a course or curriculum, the
// columns 0007 adds to 0003's per-student evaluation rows (merged into EvaluationTable), answers.

/** Migration 0007's columns of evaluation: what it was made from, when due and submitted. */
export interface EvaluationTable {
  attachmentKey: ColumnType<number | null, number | null | undefined, number | null>;
  assignmentKey: ColumnType<number | null, number | null | undefined, number | null>;
  dueAt: NullableInstant;
  submittedAt: NullableInstant;
}

/** An evaluation a training provider defined (questions as JSON, checked on the way in). */
export interface EvaluationDefinitionTable {
  definitionKey: Generated<number>;
  lmsKey: number;
  name: string;
  description: Default<string>;
  anonymous: Default<boolean>;
  questions: unknown;
  createdAt: Instant;
}

/** An evaluation attached to a curriculum (courseKey null) or one of its courses. */
export interface EvaluationAttachmentTable {
  attachmentKey: Generated<number>;
  definitionKey: number;
  curriculumKey: number;
  courseKey: number | null;
  createdAt: Instant;
}

/** One submission's answers; userKey null for an anonymous evaluation. */
export interface EvaluationResponseTable {
  responseKey: Generated<number>;
  definitionKey: number;
  attachmentKey: number;
  userKey: number | null;
  answers: unknown;
  submittedAt: Instant;
}

/** An LMS's reminder settings (migration 0014); an LMS without a row has the defaults. */
export interface ReminderLmsSettingTable {
  lmsKey: number;
  enabled: Default<boolean>;
  daysBefore: Default<number[]>;
  timeZone: Default<string>;
  /** Reminders about an overdue curriculum copy the student's managers (migration 0026). */
  copyManagers: Default<boolean>;
}

/** A student's own reminder choice (migration 0014); no row: reminders on. */
export interface ReminderUserSettingTable {
  userKey: number;
  enabled: boolean;
  updatedAt: Generated<Date>;
}

/** A reminder digest email and its delivery (migration 0014). */
export interface ReminderEmailTable {
  emailKey: number;
  userKey: number;
  status: Default<'sending' | 'sent' | 'failed'>;
  attempts: Default<number>;
  attemptAt: Instant;
  error: Default<string | null>;
}

/** One reminder occasion, claimed once (migration 0014). */
export interface ReminderClaimTable {
  userKey: number;
  itemKind: string;
  itemKey: string;
  occasion: string;
  forDate: string;
  emailKey: number | null;
  claimedAt: Instant;
}

// Single sign-on (migration 0015, docs/decisions/0016).

/** An LMS's single sign-on configuration: OpenID Connect or SAML 2.0. */
export interface SsoConfigTable {
  lmsKey: number;
  protocol: 'oidc' | 'saml';
  matchAttribute: Default<'email' | 'login' | 'employee-id'>;
  matchClaim: Default<string | null>;
  jitProvisioning: Default<boolean>;
  oidcIssuer: Default<string | null>;
  oidcClientId: Default<string | null>;
  oidcClientSecretSealed: Default<string | null>;
  samlIdpEntityId: Default<string | null>;
  samlSsoUrl: Default<string | null>;
  samlSloUrl: Default<string | null>;
  samlIdpCertificates: Default<string[]>;
  samlIdpInitiated: Default<boolean>;
  /** OIDC: an email without email_verified is taken as verified (migration 0020, ADR 0016). */
  oidcAssumeEmailVerified: Default<boolean>;
  updatedAt: Instant;
}

/** A login a browser started at the IdP: single use, minutes long. */
export interface SsoPendingLoginTable {
  stateHash: string;
  lmsKey: number;
  protocol: 'oidc' | 'saml';
  nonce: Default<string | null>;
  codeVerifier: Default<string | null>;
  browserHash: string;
  createdAt: Instant;
  expiresAt: Instant;
  consumedAt: NullableInstant;
  audience: Default<SessionAudience>;
}

/** An identity the IdP asserted, waiting for the panel to open its session (once). */
export interface SsoHandoffTable {
  handoffHash: string;
  userKey: number;
  lmsKey: number;
  browserHash: Default<string | null>;
  idpMfa: Default<boolean>;
  createdAt: Instant;
  expiresAt: Instant;
  consumedAt: NullableInstant;
  audience: Default<SessionAudience>;
}

/** A SAML assertion id already accepted, kept until the assertion expires (replay store). */
export interface SsoSamlAssertionTable {
  lmsKey: number;
  assertionId: string;
  expiresAt: Instant;
}

/** An LMS's retention of training records and its legal hold (migration 0030). */
export interface RecordRetentionTable {
  lmsKey: number;
  /** Months after a person's last training activity; null keeps records for ever. */
  retentionMonths: Default<number | null>;
  legalHold: Default<boolean>;
  legalHoldReason: Default<string>;
  /** The login of who set the hold, or 'operator'. */
  legalHoldSetBy: Default<string>;
  legalHoldSetAt: NullableInstant;
  updatedAt: Instant;
}

// The training event chain (migration 0028, modules/records): rows its triggers write; the
// server inserts seals only.

/** A person's pseudonymous id in the training records, made on first need. */
export interface RecordSubjectTable {
  userKey: number;
  lmsKey: number;
  subjectId: string;
}

/** One entry of an LMS's hash-chained training event log (append-only). */
export interface TrainingEventTable {
  lmsKey: number;
  seq: number;
  at: Instant;
  type: string;
  subjectId: string | null;
  /** 'learner' | 'staff:<subject id>' | 'operator' | 'system'. */
  actor: string;
  /** JSON text exactly as hashed. */
  payload: string;
  prevHash: string;
  hash: string;
}

/** An LMS's chain head: its last entry's seq and hash (seq 0: none yet). */
export interface TrainingChainHeadTable {
  lmsKey: number;
  seq: number;
  hash: string;
}

/** The head as signed on a day: a compact JWS (EdDSA) of {lmsKey, seq, hash, sealedAt}. */
export interface TrainingChainSealTable {
  lmsKey: number;
  seq: number;
  hash: string;
  sealedAt: Instant;
  kid: string;
  jws: string;
}
