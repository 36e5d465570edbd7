/** The people calls (@waypoint/domain/contract consolePeopleCalls), one function each, and their queries. */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  consolePeopleCalls as calls,
  type NewPersonBody,
  type PeopleList,
  type PeopleQuery,
  type PersonBody,
  type PersonDetails,
} from '@waypoint/domain/console-contract';
import { send } from './client';
import { queryKeys } from './query-keys';

export type {
  ImportResult,
  NewPersonBody,
  PeopleList,
  PeopleQuery,
  PersonBody,
  PersonDetails,
  PersonRecord,
  PersonRow,
} from '@waypoint/domain/console-contract';

/** Rows per page of the list (the server's limit is 200). */
export const PEOPLE_PAGE_SIZE = 100;

export const listPeople = (query: PeopleQuery) => send(calls.list, [query]);
export const getPerson = (userKey: number) => send(calls.get, [userKey]);
export const getPersonRecord = (userKey: number) => send(calls.record, [userKey]);
export const createPerson = (body: NewPersonBody) => send(calls.create, [], { body });
export const updatePerson = (userKey: number, body: PersonBody) =>
  send(calls.update, [userKey], { body });
export const deactivatePerson = (userKey: number) => send(calls.deactivate, [userKey]);
export const reactivatePerson = (userKey: number) => send(calls.reactivate, [userKey]);
export const sendPasswordReset = (userKey: number) => send(calls.sendPasswordReset, [userKey]);
export const resetMfa = (userKey: number, mfaEnabled: boolean) =>
  send(calls.resetMfa, [userKey], { body: { mfaEnabled } });
export const endSessions = (userKey: number) => send(calls.endSessions, [userKey]);
export const previewImport = (csv: string) => send(calls.importPreview, [], { body: { csv } });
export const importPeople = (csv: string) => send(calls.import, [], { body: { csv } });

/**
 * The list for a search, filters and sort, page by page (infinite scroll); the previous rows stay
 * on screen while a changed query loads.
 */
export function usePeopleList(query: Omit<PeopleQuery, 'limit' | 'offset'>) {
  return useInfiniteQuery({
    queryKey: queryKeys.people.list(query),
    queryFn: ({ pageParam }) =>
      listPeople({ ...query, limit: PEOPLE_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last: PeopleList, pages: PeopleList[]) => {
      const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

export function usePerson(userKey: number) {
  return useQuery({
    queryKey: queryKeys.people.person(userKey),
    queryFn: () => getPerson(userKey),
  });
}

export function usePersonRecord(userKey: number) {
  return useQuery({
    queryKey: queryKeys.people.record(userKey),
    queryFn: () => getPersonRecord(userKey),
  });
}

/**
 * A change to one person: on success the person's answer replaces what is cached and the list is
 * loaded again (a name, group or status in it may have changed).
 */
export function usePersonChange<Input>(
  change: (input: Input) => Promise<PersonDetails | { message: string }>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (answer) => {
      if ('userKey' in answer) client.setQueryData(queryKeys.people.person(answer.userKey), answer);
      await client.invalidateQueries({ queryKey: queryKeys.people.lists() });
    },
  });
}
