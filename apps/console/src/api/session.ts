/** Who is signed in to the console (GET /api/console/me): role, §3 Permissions and scope. */
import { useQuery } from '@tanstack/react-query';
import { allows, type StaffAction } from '@waypoint/domain/staff';
import { consoleSessionCalls, type ConsoleMe } from '@waypoint/domain/console-contract';
import { send } from './client';
import { queryKeys } from './query-keys';

export type { ConsoleMe } from '@waypoint/domain/console-contract';

/** GET /api/console/me. */
export const getMe = (): Promise<ConsoleMe> => send(consoleSessionCalls.me, []);

/** The signed-in staff member, read once per sign-in (the guard and every page share it). */
export function useMe() {
  return useQuery({ queryKey: queryKeys.me(), queryFn: getMe, staleTime: Infinity });
}

/**
 * The signed-in staff member, for pages under the session guard (app/session-guard.tsx), which
 * renders nothing below it until this is loaded.
 */
export function useStaff(): ConsoleMe {
  const { data } = useMe();
  if (!data) throw new Error('useStaff() is for pages under the session guard.');
  return data;
}

/** Whether the signed-in staff member may do an action (§3 Permissions; docs/decisions/0021). */
export function useAllows(action: StaffAction): boolean {
  return allows(useStaff().permissions, action);
}
