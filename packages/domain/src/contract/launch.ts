/**
 * The launch calls of §7 and §4 Lesson launch flow: the pre-launch check, the start-launch post
 * (its text answer is the launch id), the launch form posted into the lesson window and its
 * re-authentication page, and the library's preview launch (§2 Library).
 */
import { Type, type Static } from 'typebox';
import { defineCall, enc } from './define.js';
import { Key, Text } from './common.js';
import { LaunchId } from './player.js';

/** The pre-launch check's answer: '' when the launch may go on (§4 step 2). */
export const PrelaunchAnswer = Type.Object({ errorMessage: Type.String() });
export type PrelaunchAnswer = Static<typeof PrelaunchAnswer>;

/** A refused launch: the platform's error fields plus the errorMessage the panel shows (§8 Launch). */
export const LaunchRefusal = Type.Object({
  statusCode: Type.Number(),
  error: Type.String(),
  message: Type.String(),
  errorMessage: Type.Optional(Type.String()),
});
export type LaunchRefusal = Static<typeof LaunchRefusal>;

/** The pre-launch path: the lesson and its assignment (drafts: the lesson's own curriculum, §7). */
export const PrelaunchPath = Type.Object({
  curriculumKey: Key,
  elementKey: Key,
  assignmentKey: Key,
});

/** The pre-launch query: force ends a launch open in another browser (§4 step 4). */
export const PrelaunchQuery = Type.Object({ force: Type.Optional(Type.Boolean()) });

/** The start-launch post's body: what the launch is of. */
export const LaunchKeys = Type.Object(
  { curriculumKey: Key, elementKey: Key, assignmentKey: Key },
  { additionalProperties: false },
);
export type LaunchKeys = Static<typeof LaunchKeys>;

/** The launch id in the launch form's path (a 256-bit random token, base64url). */
export const LaunchIdPath = Type.Object({ launchId: LaunchId });

/** The launch form (hidden sessionID; liveVerification=1 on the second form, §4 step 5). */
export const LaunchForm = Type.Object({
  sessionID: Type.Optional(Text({ maxLength: 100 })),
  liveVerification: Type.Optional(Text({ maxLength: 10 })),
});
export type LaunchForm = Static<typeof LaunchForm>;

/** The re-authentication form: the password, or the emailed code of its MFA challenge. */
export const VerifyForm = Type.Object({
  sessionID: Type.Optional(Text({ maxLength: 100 })),
  password: Type.Optional(Text({ maxLength: 1024 })),
  code: Type.Optional(Text({ maxLength: 20 })),
  mfaID: Type.Optional(Text({ maxLength: 100 })),
});
export type VerifyForm = Static<typeof VerifyForm>;

/** The library launch form (§7: sessionID and leafKey, into a window named preview). */
export const LibraryLaunchForm = Type.Object({
  sessionID: Type.Optional(Text({ maxLength: 100 })),
  leafKey: Type.String({ pattern: '^[0-9]{1,10}$' }),
});
export type LibraryLaunchForm = Static<typeof LibraryLaunchForm>;

/** The launch calls. The form posts answer HTML pages or a redirect, into the lesson window. */
export const launchCalls = {
  /** POST /api/studentlaunch/prelaunch/ignored/{curriculumKey}/{elementKey}/{assignmentKey}/?force= */
  prelaunch: defineCall<PrelaunchAnswer>()({
    method: 'POST',
    route: '/api/studentlaunch/prelaunch/ignored/:curriculumKey/:elementKey/:assignmentKey/',
    path: (curriculumKey: number, elementKey: number, assignmentKey: number, force: boolean) =>
      `/api/studentlaunch/prelaunch/ignored/${enc(curriculumKey)}/${enc(elementKey)}/` +
      `${enc(assignmentKey)}/?force=${enc(force)}`,
  }),
  /** POST /api/studentlaunch/ (the start-launch post): its text answer is the launch id. */
  startLaunch: defineCall<string, LaunchKeys>()({
    method: 'POST',
    route: '/api/studentlaunch/',
    path: () => '/api/studentlaunch/',
    responseType: 'text',
  }),
  /** The launch form's action (our path; the spec shows only "a form post"). */
  launchForm: defineCall<string, LaunchForm>()({
    method: 'POST',
    route: '/api/studentlaunch/launch/:launchId',
    path: (launchId: string) => `/api/studentlaunch/launch/${enc(launchId)}`,
    responseType: 'text',
  }),
  /** The re-authentication page's form action (live verification, §4 step 5). */
  verify: defineCall<string, VerifyForm>()({
    method: 'POST',
    route: '/api/studentlaunch/launch/:launchId/verify',
    path: (launchId: string) => `/api/studentlaunch/launch/${enc(launchId)}/verify`,
    responseType: 'text',
  }),
  /** POST /api/librarylaunch/: a library preview, into a window named preview (§2 Library). */
  libraryLaunch: defineCall<string, LibraryLaunchForm>()({
    method: 'POST',
    route: '/api/librarylaunch/',
    path: () => '/api/librarylaunch/',
    responseType: 'text',
  }),
};

/** Route schemas of the launch calls (validation, serialisation, OpenAPI). */
export const launchSchemas = {
  prelaunch: {
    params: PrelaunchPath,
    querystring: PrelaunchQuery,
    response: { 200: PrelaunchAnswer, 403: LaunchRefusal, 404: LaunchRefusal, 409: LaunchRefusal },
  },
  startLaunch: {
    body: LaunchKeys,
    response: { 403: LaunchRefusal, 404: LaunchRefusal, 503: LaunchRefusal },
  },
  // The form posts are browser navigations, not API calls: left out of the OpenAPI document.
  launchForm: { params: LaunchIdPath, body: LaunchForm, hide: true },
  verify: { params: LaunchIdPath, body: VerifyForm, hide: true },
  libraryLaunch: { body: LibraryLaunchForm, hide: true },
} satisfies Record<keyof typeof launchCalls, object>;
