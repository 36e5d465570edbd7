/** The assignment calls (@waypoint/domain/contract consoleAssignmentCalls), one function each. */
import { useQuery } from '@tanstack/react-query';
import {
  consoleAssignmentCalls,
  type AssignBody,
  type AssigneeQuery,
  type RuleBody,
  type UnassignBody,
} from '@waypoint/domain/console-contract';
import { send } from './client';
import { queryKeys } from './query-keys';

export type {
  AssignableCurriculum,
  AssignablePerson,
  AssignBody,
  AssigneeQuery,
  AssignmentRule,
  AssignResult,
  ConsoleAssignment,
  RuleBody,
  UnassignResult,
} from '@waypoint/domain/console-contract';

const calls = consoleAssignmentCalls;

export const assignCurricula = (body: AssignBody) => send(calls.assign, [], { body });
export const unassignCurricula = (body: UnassignBody) => send(calls.unassign, [], { body });
export const createRule = (body: RuleBody) => send(calls.createRule, [], { body });
export const endRule = (ruleKey: number) => send(calls.endRule, [ruleKey]);

/** The curricula of the LMS with how many people in scope hold each. */
export const useAssignableCurricula = () =>
  useQuery({
    queryKey: queryKeys.assignments.curricula(),
    queryFn: () => send(calls.curricula, []),
  });

/** The values a rule can match (bases, fleets, positions, restriction groups) in scope. */
export const useAssignmentCriteria = () =>
  useQuery({
    queryKey: queryKeys.assignments.criteria(),
    queryFn: () => send(calls.criteria, []),
    staleTime: 60_000,
  });

/** The students in scope matching a search or criteria, and how many they are. */
export const useMatchingPeople = (query: AssigneeQuery, enabled = true) =>
  useQuery({
    queryKey: queryKeys.assignments.people(query),
    queryFn: () => send(calls.people, [query]),
    enabled,
    placeholderData: (previous) => previous,
  });

/** The assignment rules in scope: active, or ended. */
export const useAssignmentRules = (ended: boolean) =>
  useQuery({
    queryKey: queryKeys.assignments.rules(ended),
    queryFn: () => send(calls.rules, [{ ended }]),
  });

/** A person's held assignments. */
export const usePersonAssignments = (userKey: number) =>
  useQuery({
    queryKey: queryKeys.assignments.person(userKey),
    queryFn: () => send(calls.ofPerson, [userKey]),
  });

/** A curriculum's held assignments to people in scope. */
export const useCurriculumAssignments = (curriculumKey: number) =>
  useQuery({
    queryKey: queryKeys.assignments.curriculum(curriculumKey),
    queryFn: () => send(calls.ofCurriculum, [curriculumKey]),
  });
