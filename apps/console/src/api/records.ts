/**
 * The records calls (@waypoint/domain/console-contract consoleRecordsCalls): a signed records
 * bundle through a one-time download ticket (as the compliance exports), and retention: the
 * settings, the people past retention, pseudonymising one of them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consoleRecordsCalls as calls,
  type BundleRequest,
  type RetentionChange,
} from '@waypoint/domain/console-contract';
import { send } from './client';
import { openTicket } from './compliance';
import { queryKeys } from './query-keys';

export type {
  BundleRequest,
  PseudonymisedPerson,
  RetentionChange,
  RetentionOverview,
  RetentionPersonRow,
  RetentionSettings,
} from '@waypoint/domain/console-contract';

export const prepareBundle = (body: BundleRequest) => send(calls.prepareBundle, [], { body });
export const getRetention = () => send(calls.retention, []);
export const updateRetention = (body: RetentionChange) => send(calls.updateRetention, [], { body });
export const pseudonymisePerson = (userKey: number) => send(calls.pseudonymise, [userKey]);

/** Prepares a bundle and hands its one-time address to the browser; answers the file's name. */
export async function downloadBundle(body: BundleRequest): Promise<string> {
  const ticket = await prepareBundle(body);
  openTicket(ticket);
  return ticket.fileName;
}

export function useRetention() {
  return useQuery({ queryKey: queryKeys.records.retention(), queryFn: getRetention });
}

/** A change of the settings or a pseudonymisation: the page is loaded again after either. */
export function useRetentionChange<Input, Answer>(change: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.records.retention() }),
  });
}
