/**
 * An inspector link's calls (@waypoint/domain/console-contract consoleComplianceCalls
 * inspection*): no session, the token in the address is the credential. The files are plain
 * links the browser downloads (inspectionExportUrl).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  consoleComplianceCalls as calls,
  type InspectionExportQuery,
  type InspectionMatrixQuery,
} from '@waypoint/domain/console-contract';
import { send, SERVICE_BASE } from './client';
import { queryKeys } from './query-keys';

export type {
  CellHistory,
  InspectionExportQuery,
  InspectionInfo,
  InspectionMatrixQuery,
  MatrixCell,
  MatrixPage,
  MatrixRow,
} from '@waypoint/domain/console-contract';

/** Rows per page of the inspector's matrix. */
export const INSPECTION_PAGE_SIZE = 100;

export const getInspection = (token: string) => send(calls.inspection, [token]);
export const getInspectionMatrix = (token: string, query: InspectionMatrixQuery) =>
  send(calls.inspectionMatrix, [token, query]);
export const getInspectionCell = (token: string, userKey: number, curriculumKey: number) =>
  send(calls.inspectionCell, [token, userKey, curriculumKey]);

/** The address of a file of the inspection (the browser fetches it as a download). */
export const inspectionExportUrl = (token: string, query: InspectionExportQuery) =>
  `${SERVICE_BASE}${calls.inspectionExport.path(token, query)}`;

// Every view is written to the audit log: nothing is fetched again on its own.
const ONCE = { staleTime: Infinity } as const;

/** Whose records, which period, until when. */
export function useInspection(token: string) {
  return useQuery({
    queryKey: queryKeys.inspection.info(token),
    queryFn: () => getInspection(token),
    ...ONCE,
  });
}

/** The population's matrix for a search, status and sort, a page at a time as it scrolls. */
export function useInspectionMatrix(
  token: string,
  query: Omit<InspectionMatrixQuery, 'limit' | 'offset'>,
) {
  return useInfiniteQuery({
    queryKey: queryKeys.inspection.matrix(token, query),
    queryFn: ({ pageParam }) =>
      getInspectionMatrix(token, { ...query, limit: INSPECTION_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return loaded < last.total && last.rows.length > 0 ? loaded : undefined;
    },
    ...ONCE,
  });
}

/** One cell's history as the link's period shows it. */
export function useInspectionCell(token: string, userKey: number, curriculumKey: number) {
  return useQuery({
    queryKey: queryKeys.inspection.cell(token, userKey, curriculumKey),
    queryFn: () => getInspectionCell(token, userKey, curriculumKey),
    ...ONCE,
  });
}
