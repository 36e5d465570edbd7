/** The audit log's calls (@waypoint/domain/contract consoleAuditCalls). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { consoleAuditCalls, type AuditFilter } from '@waypoint/domain/console-contract';
import { request, send } from './client';
import { queryKeys } from './query-keys';

export type { AuditEvent, AuditFilter, AuditPage } from '@waypoint/domain/console-contract';

export const getAuditPage = (filter: AuditFilter, before?: number) =>
  send(consoleAuditCalls.events, [{ ...filter, ...(before ? { before } : {}), limit: 100 }]);

/** The log for a filter, newest first, a page at a time (keyset: each page starts below the last). */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.list(filter),
    queryFn: ({ pageParam }) => getAuditPage(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/**
 * Downloads the filtered log as CSV. The call needs the session header, which a plain link cannot
 * send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadAuditCsv(filter: AuditFilter, fileName: string): Promise<void> {
  const text = await request<string>(consoleAuditCalls.exportCsv.path(filter), {
    responseType: 'text',
    headers: { Accept: 'text/csv' },
  });
  // The byte order mark (dropped when the answer was read as text) tells a spreadsheet it is UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
