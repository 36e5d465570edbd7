/**
 * The attempt record's console calls (@waypoint/domain/console-contract consoleAttemptCalls): a
 * person's attempts of every lesson, and a staff correction of a lesson's result.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consoleAttemptCalls as calls,
  type CorrectionBody,
} from '@waypoint/domain/console-contract';
import { send } from './client';
import { queryKeys } from './query-keys';

export type {
  CorrectionBody,
  LessonAttempts,
  PersonAttempts,
} from '@waypoint/domain/console-contract';
export type { LessonAttempt } from '@waypoint/domain/contract';

export const getPersonAttempts = (userKey: number) => send(calls.personAttempts, [userKey]);
export const correctResult = (userKey: number, body: CorrectionBody) =>
  send(calls.correct, [userKey], { body });

export function usePersonAttempts(userKey: number) {
  return useQuery({
    queryKey: queryKeys.people.attempts(userKey),
    queryFn: () => getPersonAttempts(userKey),
  });
}

/**
 * A correction of one of the person's lessons: afterwards their attempts, record and compliance
 * standings are read again (the corrected result may change each).
 */
export function useCorrectResult(userKey: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionBody) => correctResult(userKey, body),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.people.attempts(userKey) }),
        client.invalidateQueries({ queryKey: queryKeys.people.record(userKey) }),
        client.invalidateQueries({ queryKey: queryKeys.compliance.all() }),
      ]);
    },
  });
}
