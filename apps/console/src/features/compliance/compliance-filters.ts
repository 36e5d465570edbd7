/**
 * The compliance views' state in the address's query (?base=LHR&status=overdue&page=2 ...), so a
 * filtered view can be shared and Back undoes a change. Values the contract would refuse are
 * dropped here rather than sent (the server checks them again).
 */
import {
  COMPLIANCE_LISTS,
  QUALIFICATION_STATUSES,
  type ComplianceList,
} from '@waypoint/domain/staff';
import type { ComplianceFilter, MatrixQuery } from '../../api/compliance';
import { COMPLIANCE_PAGE_SIZE } from '../../api/compliance';

/** The filter's fields that are one value each (curricula is a list). */
export const TEXT_FILTERS = ['search', 'base', 'fleet', 'position', 'restrictionGroup'] as const;

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** The population filter of the address. */
export function filterOf(params: URLSearchParams): ComplianceFilter {
  const filter: ComplianceFilter = {};
  for (const name of TEXT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filter[name] = value.slice(0, name === 'search' ? 200 : 100);
  }
  const status = params.get('status');
  if (isOneOf(QUALIFICATION_STATUSES, status)) filter.status = status;
  const curricula = curriculaOf(params);
  if (curricula.length > 0) filter.curricula = curricula.join(',');
  return filter;
}

/** The chosen curricula (column keys), in the address's order, at most 100. */
export function curriculaOf(params: URLSearchParams): number[] {
  const keys = (params.get('curricula') ?? '')
    .split(',')
    .filter((part) => /^\d{1,9}$/.test(part))
    .map(Number);
  return [...new Set(keys)].slice(0, 100);
}

/** The page shown, from 1. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The offset of a page for the server. */
export const offsetOf = (page: number) => (page - 1) * COMPLIANCE_PAGE_SIZE;

/** The matrix's sort: a person column, or a curriculum column by its key. */
export interface MatrixSortState {
  sort: 'name' | 'base' | 'fleet' | 'position' | 'curriculum';
  curriculumKey?: number;
  desc: boolean;
}

export function sortOf(params: URLSearchParams): MatrixSortState {
  const sort = params.get('sort');
  const desc = params.get('order') === 'desc';
  if (sort === 'curriculum') {
    const key = Number(params.get('sortCurriculum'));
    if (Number.isInteger(key) && key > 0) return { sort, curriculumKey: key, desc };
    return { sort: 'name', desc };
  }
  if (isOneOf(['name', 'base', 'fleet', 'position'] as const, sort)) return { sort, desc };
  return { sort: 'name', desc };
}

/** The matrix call's query for the address. */
export function matrixQueryOf(params: URLSearchParams): MatrixQuery {
  const sort = sortOf(params);
  return {
    ...filterOf(params),
    ...(sort.sort === 'name' ? {} : { sort: sort.sort }),
    ...(sort.curriculumKey ? { sortCurriculum: sort.curriculumKey } : {}),
    ...(sort.desc ? { order: 'desc' as const } : {}),
    limit: COMPLIANCE_PAGE_SIZE,
    offset: offsetOf(pageOf(params)),
  };
}

/** The list chosen on the lists tab (overdue unless the address names another). */
export function listOf(params: URLSearchParams): ComplianceList {
  const list = params.get('list');
  return isOneOf(COMPLIANCE_LISTS, list) ? list : 'overdue';
}

/**
 * The address's query with some values changed ('' removes one). Any change but the page's goes
 * back to page 1: the old page number means nothing in a new population or order.
 */
export function withParams(
  current: URLSearchParams,
  changes: Record<string, string>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The words of each daily list. */
export const LIST_TEXT: Record<ComplianceList, string> = {
  overdue: 'Overdue',
  expiring30: 'Expiring in 30 days',
  expiring60: 'Expiring in 60 days',
  expiring90: 'Expiring in 90 days',
  neverStarted: 'Never started',
  failed: 'Failed',
};
