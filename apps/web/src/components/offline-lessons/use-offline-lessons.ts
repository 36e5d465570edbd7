/**
 * The signed-in student's offline lessons on this device (docs/decisions/0024): the lessons the
 * content origin's bridge stores for the owner ('lmsKey:userKey'), and the actions on them. Making
 * a lesson available asks the server for a grant (the launch rules are checked there; a refusal
 * shows the server's message), then the bridge stores its package, reporting the bytes; removing
 * asks the bridge first (it refuses while commits wait for a sync), then tells the server.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError, serverMessage } from '../../api/client';
import { grantOffline, removeOfflineGrant, type OfflineGrantBody } from '../../api/offline';
import { queryKeys } from '../../api/query-keys';
import type { StoredLesson } from '../../offline/bridge-protocol';
import { OFFLINE_ACTION_MESSAGE } from '../../lib/online';
import { useAppState } from '../../lib/use-app-state';
import { BridgeError, bridgeFor } from './bridge-client';
import { rememberContentOrigin, rememberedContentOrigin } from './content-origin';
import { offlineTasks, setOfflineTask, useOfflineTasks } from './offline-tasks';

/** The server refused without a message of its own. */
export const GRANT_FAILED = 'This lesson could not be made available offline. Try again later.';

/** What the bridge lists, with the content origin it lives on. */
export interface DeviceLessons {
  contentOrigin: string | null;
  lessons: StoredLesson[];
}

/** A lesson to make available, as its launch names it (§7 studentlaunch). */
export interface OfflineTarget extends OfflineGrantBody {
  lessonName: string;
}

/** The owner of a student's offline lessons: 'lmsKey:userKey'. */
export function useOfflineOwner(): { owner: string | null; lmsKey: number; userKey: number } {
  const lmsKey = useAppState((state) => state.currentUser?.lmsKey ?? null);
  const userKey = useAppState((state) => state.currentUser?.userKey ?? null);
  return {
    owner: lmsKey !== null && userKey !== null ? `${lmsKey}:${userKey}` : null,
    lmsKey: lmsKey ?? -1,
    userKey: userKey ?? -1,
  };
}

/** The device's lessons of one owner: none before a grant ever named the content origin here. */
export async function readDeviceLessons(owner: string): Promise<DeviceLessons> {
  const contentOrigin = await rememberedContentOrigin();
  if (!contentOrigin) return { contentOrigin: null, lessons: [] };
  return { contentOrigin, lessons: await bridgeFor(contentOrigin).list(owner) };
}

/** Puts a sync's or a store's lessons into the device list. */
export function setDeviceLessons(
  queryClient: QueryClient,
  owner: string,
  update: (current: DeviceLessons) => DeviceLessons,
): void {
  queryClient.setQueryData<DeviceLessons>(queryKeys.offlineLessons(owner), (current) =>
    update(current ?? { contentOrigin: null, lessons: [] }),
  );
}

function failureText(error: unknown): string | null {
  if (error instanceof BridgeError) return error.message;
  if (error instanceof ApiError) {
    // A 401 already opened the Invalid Connection pop-up (api/client).
    if (error.statusCode === 401) return null;
    if (error.statusCode === 0) return OFFLINE_ACTION_MESSAGE;
    return error.message || GRANT_FAILED;
  }
  return GRANT_FAILED;
}

interface Context {
  queryClient: QueryClient;
  owner: string;
  lmsKey: number;
  userKey: number;
}

/** Grant, then store (see the module comment); the row shows the progress and any refusal. */
async function makeAvailable(context: Context, target: OfflineTarget): Promise<void> {
  const { lmsKey, userKey, owner, queryClient } = context;
  const { lessonKey } = target;
  if (offlineTasks().get(lessonKey)?.kind === 'storing') return;
  setOfflineTask(lessonKey, { kind: 'storing', loadedBytes: 0, totalBytes: 0 });
  let grantId: string | null = null;
  try {
    const answer = await grantOffline(lmsKey, userKey, {
      curriculumKey: target.curriculumKey,
      assignmentKey: target.assignmentKey,
      lessonKey,
    });
    if (!answer.successfulApiCall) {
      const message = answer.errorMsg || serverMessage(answer.responseBody) || GRANT_FAILED;
      setOfflineTask(lessonKey, { kind: 'error', message });
      return;
    }
    const grant = answer.responseBody;
    grantId = grant.grantId;
    const contentOrigin = await rememberContentOrigin(grant.storeUrl);
    const lesson = await bridgeFor(contentOrigin).store(
      { grantId: grant.grantId, token: grant.token, owner },
      ({ loadedBytes, totalBytes }) =>
        setOfflineTask(lessonKey, { kind: 'storing', loadedBytes, totalBytes }),
    );
    setDeviceLessons(queryClient, owner, (current) => ({
      contentOrigin,
      lessons: [...current.lessons.filter((l) => l.grantId !== lesson.grantId), lesson],
    }));
    setOfflineTask(lessonKey, null);
  } catch (error) {
    const message = failureText(error);
    setOfflineTask(lessonKey, message ? { kind: 'error', message } : null);
    // The bridge stored nothing (it removes a failed store's files): the grant goes too.
    if (grantId) void removeOfflineGrant(lmsKey, userKey, grantId).catch(() => undefined);
  }
}

/** Bridge first (it keeps a lesson whose commits are not synced yet), then the server. */
async function remove(context: Context, lesson: StoredLesson): Promise<void> {
  const { lmsKey, userKey, owner, queryClient } = context;
  const contentOrigin = await rememberedContentOrigin();
  if (!contentOrigin) return;
  setOfflineTask(lesson.lessonKey, { kind: 'removing' });
  try {
    await bridgeFor(contentOrigin).remove(lesson.grantId);
  } catch (error) {
    setOfflineTask(lesson.lessonKey, {
      kind: 'error',
      message: failureText(error) ?? GRANT_FAILED,
    });
    return;
  }
  setDeviceLessons(queryClient, owner, (current) => ({
    ...current,
    lessons: current.lessons.filter((l) => l.grantId !== lesson.grantId),
  }));
  setOfflineTask(lesson.lessonKey, null);
  // Offline, the server keeps the grant until it expires: it authorises nothing on this device.
  void removeOfflineGrant(lmsKey, userKey, lesson.grantId).catch(() => undefined);
}

/** The device's lessons and the actions on them, for course details. */
export function useOfflineLessons() {
  const queryClient = useQueryClient();
  const { owner, lmsKey, userKey } = useOfflineOwner();
  const tasks = useOfflineTasks();
  const device = useQuery({
    queryKey: queryKeys.offlineLessons(owner ?? ''),
    queryFn: () => readDeviceLessons(owner ?? ''),
    enabled: owner !== null,
    // The bridge answers from the device: offline too.
    networkMode: 'always',
    staleTime: Infinity,
    retry: false,
  });
  const lessons = device.data?.lessons;
  const stored = useMemo(
    () => new Map((lessons ?? []).map((lesson) => [lesson.lessonKey, lesson])),
    [lessons],
  );
  const context = useMemo(
    () => (owner ? { queryClient, owner, lmsKey, userKey } : null),
    [queryClient, owner, lmsKey, userKey],
  );
  const makeOne = useCallback(
    (target: OfflineTarget) => (context ? makeAvailable(context, target) : Promise.resolve()),
    [context],
  );
  const makeAll = useCallback(
    async (targets: readonly OfflineTarget[]) => {
      if (!context) return;
      // One at a time: the device's storage and the connection are shared.
      for (const target of targets) {
        if (stored.has(target.lessonKey)) continue;
        await makeAvailable(context, target);
      }
    },
    [context, stored],
  );
  const removeOne = useCallback(
    (lesson: StoredLesson) => (context ? remove(context, lesson) : Promise.resolve()),
    [context],
  );
  return {
    contentOrigin: device.data?.contentOrigin ?? null,
    stored,
    tasks,
    makeAvailable: makeOne,
    makeAllAvailable: makeAll,
    remove: removeOne,
    dismiss: (lessonKey: number) => setOfflineTask(lessonKey, null),
  };
}
