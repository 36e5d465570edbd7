import {
  playerCalls,
  type CommitBody,
  type HeartbeatBody,
  type NavigateBody,
} from '@waypoint/domain/contract';
import yazl from 'yazl';
import type { Db } from '../db/connection.js';
import { importScormPackage, type ImportResult } from '../modules/content/import.service.js';
import type { ContentStorage } from '../modules/content/storage.js';
import { cookieHeader, type Browser } from './sign-in.js';

/** Test helpers for the lesson launch flow over real HTTP (panel origin, then content origin). */

export interface LaunchKeys {
  curriculumKey: number;
  lessonKey: number;
  assignmentKey: number;
}

export interface PlayerHandle {
  launchId: string;
  token: string;
  /** http://localhost:<port>: the content origin of a test app on 127.0.0.1. */
  contentOrigin: string;
}

/** The manifest of a SCORM 2004 package with one SCO (index.html), for tests and benchmarks. */
export function singleScoManifest2004(names: { id: string; title: string; lesson: string }) {
  return `<?xml version="1.0"?>
<manifest identifier="${names.id}" version="1" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${names.title}</title>
    <item identifier="${names.id}-lesson" identifierref="r1"><title>${names.lesson}</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="index.html">
      <file href="index.html"/></resource>
  </resources>
</manifest>`;
}

/** A zip of the given files, in memory (yazl, as the package importer reads them). */
export function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name, {
      mtime: new Date(Date.UTC(2026, 0, 1)),
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * Imports a package as a new curriculum of the LMS and assigns it to the user (starting now):
 * what a student can then launch, with the keys of its first lesson.
 */
export async function publishPackage(
  deps: { db: Db; storage: ContentStorage },
  zip: Buffer,
  to: { lmsKey: number; userKey: number; curriculum: string },
): Promise<{ keys: LaunchKeys; imported: ImportResult }> {
  const imported = await importScormPackage(deps, zip, {
    lmsKey: to.lmsKey,
    curriculum: to.curriculum,
  });
  const curriculumKey = imported.curriculum!.curriculumKey;
  const assignment = await deps.db
    .insertInto('assignment')
    .values({ userKey: to.userKey, curriculumKey, startDate: new Date() })
    .returning('assignmentKey')
    .executeTakeFirstOrThrow();
  const lessonKey = imported.lessons[0]!.lessonKey;
  return { keys: { curriculumKey, lessonKey, assignmentKey: assignment.assignmentKey }, imported };
}

export const prelaunchPath = (k: LaunchKeys, force = false) =>
  `/lms/api/studentlaunch/prelaunch/ignored/${k.curriculumKey}/${k.lessonKey}/${k.assignmentKey}/?force=${force}`;

/** The start-launch post: the launch id, or throws with the refusal. */
export async function startLaunch(browser: Browser, keys: LaunchKeys): Promise<string> {
  const response = await browser.call('/lms/api/studentlaunch/', {
    method: 'POST',
    body: JSON.stringify({
      curriculumKey: keys.curriculumKey,
      elementKey: keys.lessonKey,
      assignmentKey: keys.assignmentKey,
    }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`start-launch ${response.status}: ${text}`);
  return text;
}

/** The launch form post as the browser sends it: urlencoded, hidden sessionID, cookies, no XSRF. */
export function postLaunchForm(
  baseUrl: string,
  browser: Browser,
  path: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: cookieHeader(browser.jar),
    },
    body: new URLSearchParams({ sessionID: browser.sessionId, ...fields }).toString(),
  });
}

/** Reads the player's address from the launch form's 303. */
export function playerFrom(response: Response): PlayerHandle {
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) {
    throw new Error(`expected a 303 to the player, got ${response.status}`);
  }
  const url = new URL(location);
  const match = /^\/player\/([A-Za-z0-9_-]{43})$/.exec(url.pathname);
  if (!match?.[1]) throw new Error(`not a player address: ${location}`);
  return { launchId: match[1], token: url.hash.slice(1), contentOrigin: url.origin };
}

/** The whole panel side of a launch: pre-launch, start-launch, form post; the player's handle. */
export async function launchLesson(
  baseUrl: string,
  browser: Browser,
  keys: LaunchKeys,
  options: { force?: boolean } = {},
): Promise<PlayerHandle> {
  const pre = await browser.call(prelaunchPath(keys, options.force ?? false), { method: 'POST' });
  // Every body is read: an unread one keeps its keep-alive connection busy, and the app's
  // close then waits for it.
  const preBody = await pre.text();
  if (pre.status !== 200) throw new Error(`prelaunch ${pre.status}: ${preBody}`);
  const launchId = await startLaunch(browser, keys);
  const form = await postLaunchForm(baseUrl, browser, `/lms/api/studentlaunch/launch/${launchId}`);
  await form.arrayBuffer();
  return playerFrom(form);
}

/** The player's own calls, on the content origin (addresses from the contract). */
export function playerApi(player: PlayerHandle) {
  const { contentOrigin, launchId, token } = player;
  const post = (path: string, body: CommitBody | HeartbeatBody | NavigateBody) =>
    fetch(`${contentOrigin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return {
    state: () =>
      fetch(`${contentOrigin}${playerCalls.state.path(launchId)}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    commit: (seq: number, cmi: Record<string, string>, final = false) =>
      post(playerCalls.commit.path(launchId), { token, seq, final, cmi }),
    heartbeat: () => post(playerCalls.heartbeat.path(launchId), { token }),
    navigate: (lessonKey: number) =>
      post(playerCalls.navigate.path(launchId), { token, lessonKey }),
  };
}
