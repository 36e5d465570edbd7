/** The LMS's App Download links (@waypoint/domain/console-contract consoleAppLinkCalls). */
import { useQuery } from '@tanstack/react-query';
import { consoleAppLinkCalls, type AppLinkList } from '@waypoint/domain/console-contract';
import { send } from './client';

export type { AppLinkItem, AppLinkList } from '@waypoint/domain/console-contract';

/** The query key of the links (one list per LMS, the session's). */
export const appLinksKey = () => ['lms', 'app-links'] as const;

export const getAppLinks = () => send(consoleAppLinkCalls.appLinks, []);
export const replaceAppLinks = (body: AppLinkList) =>
  send(consoleAppLinkCalls.replaceAppLinks, [], { body });

export function useAppLinks() {
  return useQuery({ queryKey: appLinksKey(), queryFn: getAppLinks });
}
