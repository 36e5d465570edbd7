/**
 * The console's training-programme calls (docs/decisions/0021): the LMS's curricula, courses,
 * topics and lessons as a tree with what §3/§4 use; a SCORM package uploaded from the browser into
 * the import-scorm importer; edits of each level, their order, a classroom lesson; the LMS's
 * certificate settings, the library flag and the document forms. The programme is the LMS's, so
 * restriction groups do not narrow it; a key of another LMS is 404, as if there were none.
 *
 * Scores are fractions 0 to 1, as the progress report carries them (§9).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from '../define.js';
import { errorResponses, Key, Text } from '../common.js';
import {
  DEFAULT_DURATION_DAYS_MAX,
  MAX_ATTEMPTS_LIMIT,
  PROGRAMME_DESCRIPTION_MAX,
} from '../../staff/programme.js';

/** Where a lesson's content comes from (null: a classroom lesson, nothing to play). */
export const LessonContent = Type.Object({
  packageKey: Type.Integer(),
  packageTitle: Type.String(),
  scormVersion: Type.String(),
  scoTitle: Type.String(),
});

export const ProgrammeLesson = Type.Object({
  lessonKey: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  sortOrder: Type.Integer(),
  /** §4 Play modes: 1 normal, 2 Browse, 3 Review. */
  playMode: Type.Integer(),
  /** §4 Lesson prerequisite: 0 none, 1 previous chapter, 2 all previous chapters. */
  prerequisite: Type.Integer(),
  /** 0: no limit. */
  maxAttempts: Type.Integer(),
  minScoreComplete: Type.Number(),
  minScorePass: Type.Number(),
  scorable: Type.Boolean(),
  scoreWeight: Type.Number(),
  /** 'CLAS' for a classroom lesson (§2), else the player the content names ('' for SCORM). */
  player: Type.String(),
  content: Type.Union([LessonContent, Type.Null()]),
});
export type ProgrammeLesson = Static<typeof ProgrammeLesson>;

export const ProgrammeTopic = Type.Object({
  topicKey: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  sortOrder: Type.Integer(),
  prerequisite: Type.Integer(),
  lessons: Type.Array(ProgrammeLesson),
});
export type ProgrammeTopic = Static<typeof ProgrammeTopic>;

export const ProgrammeCourse = Type.Object({
  courseKey: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  sortOrder: Type.Integer(),
  /** §3 elementDraft above 0. */
  draft: Type.Boolean(),
  /** §4 Course-level prerequisites (prerequisiteTypes key): 0 None, 1 PreviousCourse, 2 AllPreviousCourses. */
  prerequisiteKey: Type.Integer(),
  minScore: Type.Number(),
  minScorePass: Type.Number(),
  topics: Type.Array(ProgrammeTopic),
});
export type ProgrammeCourse = Static<typeof ProgrammeCourse>;

/** The rules of staff/validity.ts (VALIDITY_RULE_KINDS, spelled out for the schema's type). */
const ValidityRuleKind = Type.Union([
  Type.Literal('none'),
  Type.Literal('months'),
  Type.Literal('easa'),
  Type.Literal('faa'),
]);

export const ProgrammeCurriculum = Type.Object({
  curriculumKey: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** Shown in the library (§2 Library courses). */
  inLibrary: Type.Boolean(),
  /** Days a new assignment runs; null: the spec's default (open-ended) unless a due date is set. */
  defaultDurationDays: Type.Union([Type.Integer(), Type.Null()]),
  /** YYYY-MM-DD: new assignments are due at the end of that day (UTC). */
  defaultDueDate: Type.Union([Type.String(), Type.Null()]),
  /** How long a completion stays valid (staff/validity.ts): none, months, easa or faa. */
  validityRule: ValidityRuleKind,
  /** The rule's months (0 with none). */
  validityMonths: Type.Integer(),
  /** Students it is assigned to now: an edit changes what they see at once. */
  assignedCount: Type.Integer(),
  courses: Type.Array(ProgrammeCourse),
});
export type ProgrammeCurriculum = Static<typeof ProgrammeCurriculum>;

/** GET /api/console/programme: the LMS's whole programme. */
export const ProgrammeTree = Type.Object({
  curricula: Type.Array(ProgrammeCurriculum),
  /** §3 Progress report response: the course prerequisite types, by key. */
  prerequisiteTypes: Type.Array(
    Type.Object({ prerequisiteKey: Type.Integer(), prerequisiteName: Type.String() }),
  ),
});
export type ProgrammeTree = Static<typeof ProgrammeTree>;

// Edits: every field optional, at least one. Names are checked by the domain's rules (clear
// messages); the schemas bound the sizes and types.
const Name = Text({ maxLength: 1000 });
const Description = Type.String({ maxLength: PROGRAMME_DESCRIPTION_MAX * 2 });
const Score = Type.Number();

export const CurriculumEdit = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    defaultDurationDays: Type.Optional(
      Type.Union([Type.Integer({ maximum: DEFAULT_DURATION_DAYS_MAX * 10 }), Type.Null()]),
    ),
    defaultDueDate: Type.Optional(Type.Union([Text({ maxLength: 20 }), Type.Null()])),
    // Checked together by the domain's validityRuleProblem (clear messages).
    validityRule: Type.Optional(ValidityRuleKind),
    validityMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CurriculumEdit = Static<typeof CurriculumEdit>;

export const CourseEdit = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    draft: Type.Optional(Type.Boolean()),
    prerequisiteKey: Type.Optional(Type.Integer()),
    minScore: Type.Optional(Score),
    minScorePass: Type.Optional(Score),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CourseEdit = Static<typeof CourseEdit>;

export const TopicEdit = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    prerequisite: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type TopicEdit = Static<typeof TopicEdit>;

export const LessonEdit = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    playMode: Type.Optional(Type.Integer()),
    prerequisite: Type.Optional(Type.Integer()),
    maxAttempts: Type.Optional(Type.Integer({ maximum: MAX_ATTEMPTS_LIMIT * 1000 })),
    minScoreComplete: Type.Optional(Score),
    minScorePass: Type.Optional(Score),
    scorable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type LessonEdit = Static<typeof LessonEdit>;

/** A new classroom lesson (player 'CLAS') at the end of a topic. */
export const ClassroomLessonNew = Type.Object(
  { name: Name, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type ClassroomLessonNew = Static<typeof ClassroomLessonNew>;

/** The library flag of a curriculum (§2 Library courses are the courses of curricula in it). */
export const LibraryFlag = Type.Object(
  { inLibrary: Type.Boolean() },
  { additionalProperties: false },
);
export type LibraryFlag = Static<typeof LibraryFlag>;

export const MoveRequest = Type.Object(
  { direction: Type.Union([Type.Literal('up'), Type.Literal('down')]) },
  { additionalProperties: false },
);
export type MoveRequest = Static<typeof MoveRequest>;

/** What an edit answers: the item's key and the fields that changed (none: it was as asked). */
export const ProgrammeChange = Type.Object({
  key: Type.Integer(),
  changed: Type.Array(Type.String()),
});
export type ProgrammeChange = Static<typeof ProgrammeChange>;

/** What an upload made: the package and where its lessons went. */
export const PackageImported = Type.Object({
  packageKey: Type.Integer(),
  title: Type.String(),
  scormVersion: Type.String(),
  curriculum: Type.Object({
    curriculumKey: Type.Integer(),
    name: Type.String(),
    created: Type.Boolean(),
  }),
  course: Type.Object({ courseKey: Type.Integer(), name: Type.String(), created: Type.Boolean() }),
  lessons: Type.Array(Type.Object({ lessonKey: Type.Integer(), name: Type.String() })),
  warnings: Type.Array(Type.String()),
});
export type PackageImported = Static<typeof PackageImported>;

/**
 * The multipart fields of an upload, beside its one file part `package` (sent last): a new
 * curriculum by `curriculumName`, or an existing one by `curriculumKey`; within it a new course
 * (`courseName`, default the package's title) or an existing `courseKey`; or an existing
 * `topicKey` whose lessons the package's items join.
 */
export const PACKAGE_UPLOAD_FIELDS = [
  'curriculumName',
  'curriculumKey',
  'courseName',
  'courseKey',
  'topicKey',
] as const;
export type PackageUploadField = (typeof PACKAGE_UPLOAD_FIELDS)[number];

/** The LMS's certificate settings (§3 Certificate settings toggles; docs/decisions/0011). */
export const CertificateSettingsView = Type.Object({
  showLmsName: Type.Boolean(),
  showSummaryInfo: Type.Boolean(),
  showAssignmentList: Type.Boolean(),
  showText: Type.Boolean(),
  showSignature: Type.Boolean(),
  text: Type.String(),
  typeName: Type.String(),
  signatureName: Type.String(),
  signatureTitle: Type.String(),
  theme: Type.String(),
  /** Calendar months a new curriculum's validity rule starts with (migration 0029); 0: none. */
  validityMonths: Type.Integer(),
  /** The themes there are to choose from. */
  themes: Type.Array(Type.String()),
});
export type CertificateSettingsView = Static<typeof CertificateSettingsView>;

export const CertificateSettingsEdit = Type.Object(
  {
    showLmsName: Type.Optional(Type.Boolean()),
    showSummaryInfo: Type.Optional(Type.Boolean()),
    showAssignmentList: Type.Optional(Type.Boolean()),
    showText: Type.Optional(Type.Boolean()),
    showSignature: Type.Optional(Type.Boolean()),
    text: Type.Optional(Type.String({ maxLength: 4000 })),
    typeName: Type.Optional(Text({ maxLength: 200 })),
    signatureName: Type.Optional(Text({ maxLength: 200 })),
    signatureTitle: Type.Optional(Text({ maxLength: 200 })),
    theme: Type.Optional(Text({ maxLength: 100 })),
    validityMonths: Type.Optional(Type.Integer({ minimum: 0, maximum: 1200 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CertificateSettingsEdit = Static<typeof CertificateSettingsEdit>;

/** A document form's field as the definition gives it (§3 Form field). */
export const DocumentTypeField = Type.Object({
  name: Type.String(),
  type: Type.String(),
  description: Type.String(),
  required: Type.Boolean(),
  readonly: Type.Boolean(),
  options: Type.Array(Type.String()),
});

/** A document form (§3 Document form) as the console lists and defines it. */
export const DocumentType = Type.Object({
  formKey: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** 0: no limit on how far ahead an expiry may be. */
  maxExpirationDays: Type.Integer(),
  fields: Type.Array(DocumentTypeField),
  /** Students it is assigned to. */
  assignedCount: Type.Integer(),
});
export type DocumentType = Static<typeof DocumentType>;

/**
 * A definition to create a form, or update the one of that name (define-document's JSON, checked
 * by the same rules).
 */
export const DocumentTypeDefinitionBody = Type.Object(
  {
    name: Text({ maxLength: 1000 }),
    description: Type.Optional(Type.String({ maxLength: 8000 })),
    maxExpirationDays: Type.Optional(Type.Number()),
    fields: Type.Array(
      Type.Object(
        {
          name: Text({ maxLength: 1000 }),
          type: Text({ maxLength: 100 }),
          description: Type.Optional(Type.String({ maxLength: 8000 })),
          required: Type.Optional(Type.Boolean()),
          readonly: Type.Optional(Type.Boolean()),
          options: Type.Optional(Type.Array(Text({ maxLength: 1000 }), { maxItems: 500 })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
export type DocumentTypeDefinitionBody = Static<typeof DocumentTypeDefinitionBody>;

export const DocumentTypeList = Type.Object({ documentTypes: Type.Array(DocumentType) });
export type DocumentTypeList = Static<typeof DocumentTypeList>;

const Keyed = <K extends string>(name: K) => Type.Object({ [name]: Key } as Record<K, typeof Key>);

/** The programme's calls. */
export const programmeCalls = {
  tree: defineCall<ProgrammeTree>()({
    method: 'GET',
    route: '/api/console/programme',
    path: () => '/api/console/programme',
  }),
  upload: defineCall<PackageImported>()({
    method: 'POST',
    route: '/api/console/programme/packages',
    path: () => '/api/console/programme/packages',
  }),
  editCurriculum: defineCall<ProgrammeChange, CurriculumEdit>()({
    method: 'PUT',
    route: '/api/console/programme/curricula/:curriculumKey',
    path: (curriculumKey: number) => `/api/console/programme/curricula/${enc(curriculumKey)}`,
  }),
  editCourse: defineCall<ProgrammeChange, CourseEdit>()({
    method: 'PUT',
    route: '/api/console/programme/courses/:courseKey',
    path: (courseKey: number) => `/api/console/programme/courses/${enc(courseKey)}`,
  }),
  editTopic: defineCall<ProgrammeChange, TopicEdit>()({
    method: 'PUT',
    route: '/api/console/programme/topics/:topicKey',
    path: (topicKey: number) => `/api/console/programme/topics/${enc(topicKey)}`,
  }),
  editLesson: defineCall<ProgrammeChange, LessonEdit>()({
    method: 'PUT',
    route: '/api/console/programme/lessons/:lessonKey',
    path: (lessonKey: number) => `/api/console/programme/lessons/${enc(lessonKey)}`,
  }),
  setLibrary: defineCall<ProgrammeChange, LibraryFlag>()({
    method: 'PUT',
    route: '/api/console/programme/curricula/:curriculumKey/library',
    path: (curriculumKey: number) =>
      `/api/console/programme/curricula/${enc(curriculumKey)}/library`,
  }),
  moveCourse: defineCall<ProgrammeChange, MoveRequest>()({
    method: 'POST',
    route: '/api/console/programme/courses/:courseKey/move',
    path: (courseKey: number) => `/api/console/programme/courses/${enc(courseKey)}/move`,
  }),
  moveTopic: defineCall<ProgrammeChange, MoveRequest>()({
    method: 'POST',
    route: '/api/console/programme/topics/:topicKey/move',
    path: (topicKey: number) => `/api/console/programme/topics/${enc(topicKey)}/move`,
  }),
  moveLesson: defineCall<ProgrammeChange, MoveRequest>()({
    method: 'POST',
    route: '/api/console/programme/lessons/:lessonKey/move',
    path: (lessonKey: number) => `/api/console/programme/lessons/${enc(lessonKey)}/move`,
  }),
  addClassroomLesson: defineCall<ProgrammeChange, ClassroomLessonNew>()({
    method: 'POST',
    route: '/api/console/programme/topics/:topicKey/classroom-lessons',
    path: (topicKey: number) => `/api/console/programme/topics/${enc(topicKey)}/classroom-lessons`,
  }),
  certificateSettings: defineCall<CertificateSettingsView>()({
    method: 'GET',
    route: '/api/console/programme/certificate-settings',
    path: () => '/api/console/programme/certificate-settings',
  }),
  editCertificateSettings: defineCall<CertificateSettingsView, CertificateSettingsEdit>()({
    method: 'PUT',
    route: '/api/console/programme/certificate-settings',
    path: () => '/api/console/programme/certificate-settings',
  }),
  documentTypes: defineCall<DocumentTypeList>()({
    method: 'GET',
    route: '/api/console/programme/document-types',
    path: () => '/api/console/programme/document-types',
  }),
  defineDocumentType: defineCall<DocumentType, DocumentTypeDefinitionBody>()({
    method: 'PUT',
    route: '/api/console/programme/document-types',
    path: () => '/api/console/programme/document-types',
  }),
};

const editErrors = errorResponses(400, 401, 403, 404);

/** Route schemas of the programme's calls. */
export const programmeSchemas = {
  tree: {
    summary: "The LMS's curricula, courses, topics and lessons with what §3/§4 use",
    response: { 200: ProgrammeTree, ...errorResponses(401, 403) },
  },
  upload: {
    summary:
      'Upload a SCORM package (multipart) into a new or existing curriculum, course or topic',
    response: {
      200: PackageImported,
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422),
    },
  },
  editCurriculum: {
    summary: "Edit a curriculum's name, description, default duration or due date, validity rule",
    params: Keyed('curriculumKey'),
    body: CurriculumEdit,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  editCourse: {
    summary: "Edit a course's name, description, draft, prerequisite, minimum and pass scores",
    params: Keyed('courseKey'),
    body: CourseEdit,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  editTopic: {
    summary: "Edit a topic's name, description, prerequisite",
    params: Keyed('topicKey'),
    body: TopicEdit,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  editLesson: {
    summary: "Edit a lesson's name, description, play mode, prerequisite, attempts and scores",
    params: Keyed('lessonKey'),
    body: LessonEdit,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  setLibrary: {
    summary: 'Put a curriculum in the library or take it out',
    params: Keyed('curriculumKey'),
    body: LibraryFlag,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  moveCourse: {
    summary: "Move a course up or down among its curriculum's courses",
    params: Keyed('courseKey'),
    body: MoveRequest,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  moveTopic: {
    summary: "Move a topic up or down among its course's topics",
    params: Keyed('topicKey'),
    body: MoveRequest,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  moveLesson: {
    summary: "Move a lesson up or down among its topic's lessons",
    params: Keyed('lessonKey'),
    body: MoveRequest,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  addClassroomLesson: {
    summary: "Add a classroom lesson (player 'CLAS') at the end of a topic",
    params: Keyed('topicKey'),
    body: ClassroomLessonNew,
    response: { 200: ProgrammeChange, ...editErrors },
  },
  certificateSettings: {
    summary: "The LMS's certificate settings",
    response: { 200: CertificateSettingsView, ...errorResponses(401, 403) },
  },
  editCertificateSettings: {
    summary: "Change the LMS's certificate settings",
    body: CertificateSettingsEdit,
    response: { 200: CertificateSettingsView, ...errorResponses(400, 401, 403) },
  },
  documentTypes: {
    summary: "The LMS's document forms and their fields",
    response: { 200: DocumentTypeList, ...errorResponses(401, 403) },
  },
  defineDocumentType: {
    summary: 'Create a document form, or update the one of that name',
    body: DocumentTypeDefinitionBody,
    response: { 200: DocumentType, ...errorResponses(400, 401, 403, 409) },
  },
};
