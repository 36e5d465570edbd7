/**
 * The compliance calls (@waypoint/domain/console-contract consoleComplianceCalls), one function
 * each, and their queries: the qualification matrix, the daily lists, a cell's history, exports
 * through one-time download tickets, the scheduled report, the LMS's setting and inspector links.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consoleComplianceCalls as calls,
  type ComplianceSettings,
  type ExportRequest,
  type ListQuery,
  type MatrixQuery,
  type NewInspectorLink,
  type SubscriptionBody,
} from '@waypoint/domain/console-contract';
import type { ComplianceList } from '@waypoint/domain/staff';
import { send, SERVICE_BASE } from './client';
import { queryKeys } from './query-keys';

export type {
  CellHistory,
  ComplianceFilter,
  ComplianceSettings,
  CreatedInspectorLink,
  CurriculumColumn,
  ExportRequest,
  InspectorLinkRow,
  InspectorPopulation,
  ListPage,
  ListQuery,
  ListRow,
  MatrixCell,
  MatrixPage,
  MatrixQuery,
  MatrixRow,
  NewInspectorLink,
  SubscriptionBody,
  SubscriptionState,
} from '@waypoint/domain/console-contract';

/** Rows per page of the matrix and the lists (the server pages). */
export const COMPLIANCE_PAGE_SIZE = 50;

export const getMatrix = (query: MatrixQuery) => send(calls.matrix, [query]);
export const getFacts = () => send(calls.facts, []);
export const getList = (list: ComplianceList, query: ListQuery) => send(calls.list, [list, query]);
export const getCell = (userKey: number, curriculumKey: number) =>
  send(calls.cell, [userKey, curriculumKey]);
export const prepareExport = (body: ExportRequest) => send(calls.prepareExport, [], { body });
export const getSubscription = () => send(calls.subscription, []);
export const subscribe = (body: SubscriptionBody) => send(calls.subscribe, [], { body });
export const unsubscribe = () => send(calls.unsubscribe, []);
export const getComplianceSettings = () => send(calls.settings, []);
export const updateComplianceSettings = (body: ComplianceSettings) =>
  send(calls.updateSettings, [], { body });
export const getInspectorLinks = () => send(calls.inspectorLinks, []);
export const createInspectorLink = (body: NewInspectorLink) =>
  send(calls.createInspectorLink, [], { body });
export const revokeInspectorLink = (linkKey: number) => send(calls.revokeInspectorLink, [linkKey]);

/** One page of the matrix; the previous page stays on screen while a changed query loads. */
export function useMatrix(query: MatrixQuery) {
  return useQuery({
    queryKey: queryKeys.compliance.matrix(query),
    queryFn: () => getMatrix(query),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every column and the filters' values, whatever is filtered (a matrix filtered to some curricula
 * answers only those columns).
 */
export function useMatrixFacts() {
  return useQuery({
    queryKey: queryKeys.compliance.facts(),
    queryFn: getFacts,
    staleTime: 5 * 60_000,
  });
}

/** One page of a daily list. */
export function useComplianceList(list: ComplianceList, query: ListQuery) {
  return useQuery({
    queryKey: queryKeys.compliance.list(list, query),
    queryFn: () => getList(list, query),
    placeholderData: keepPreviousData,
  });
}

/** A cell's history: the assignment, its lessons' attempts and its events. */
export function useCellHistory(userKey: number, curriculumKey: number) {
  return useQuery({
    queryKey: queryKeys.compliance.cell(userKey, curriculumKey),
    queryFn: () => getCell(userKey, curriculumKey),
  });
}

/** The ticket's address as the browser fetches it: the server's path, below the service base. */
export function ticketHref(url: string): string {
  if (/^https?:\/\//.test(url) || url.startsWith(`${SERVICE_BASE}/`)) return url;
  return `${SERVICE_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * Prepares an export and hands its one-time address to the browser as a download (a link click:
 * the ticket is the credential, so no session header is needed and the file streams to disk).
 */
export async function downloadExport(body: ExportRequest): Promise<void> {
  openTicket(await prepareExport(body));
}

/** Hands a one-time download address to the browser (a hidden link's click). */
export function openTicket(ticket: { url: string; fileName: string }): void {
  const link = document.createElement('a');
  link.href = ticketHref(ticket.url);
  link.download = ticket.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

export function useSubscription() {
  return useQuery({ queryKey: queryKeys.compliance.subscription(), queryFn: getSubscription });
}

/** Subscribe, change or unsubscribe: the answer replaces the cached state. */
export function useSubscriptionChange<Input>(
  change: (input: Input) => ReturnType<typeof getSubscription>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (state) => client.setQueryData(queryKeys.compliance.subscription(), state),
  });
}

export function useComplianceSettings(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.compliance.settings(),
    queryFn: getComplianceSettings,
    enabled,
  });
}

export function useUpdateComplianceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateComplianceSettings,
    onSuccess: (settings) => client.setQueryData(queryKeys.compliance.settings(), settings),
  });
}

export function useInspectorLinks() {
  return useQuery({ queryKey: queryKeys.compliance.inspectorLinks(), queryFn: getInspectorLinks });
}

/** Make or revoke a link; the list is loaded again after either. */
export function useInspectorLinkChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.compliance.inspectorLinks() }),
  });
}
