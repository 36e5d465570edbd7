import { formatDateOrOpen } from '@waypoint/domain';
import type { AssignmentRule } from '../../api/assignments';

/** Who a rule matches: each criterion, its label and where its values come from. */
export interface Criteria {
  base: string;
  fleet: string;
  position: string;
  restrictionGroup: string;
}

export const CRITERIA = [
  { name: 'base', label: 'Base', values: 'bases' },
  { name: 'fleet', label: 'Fleet', values: 'fleets' },
  { name: 'position', label: 'Position', values: 'positions' },
  { name: 'restrictionGroup', label: 'Restriction group', values: 'restrictionGroups' },
] as const;

/** "base MAN, fleet A320", or "every student" when nothing narrows it. */
export function criteriaText(criteria: Partial<Record<keyof Criteria, string | null>>): string {
  const parts = CRITERIA.filter(({ name }) => criteria[name]).map(
    ({ name, label }) => `${label.toLowerCase()} ${criteria[name]}`,
  );
  return parts.length > 0 ? parts.join(', ') : 'every student';
}

/** The dates of a request in words: "from 2027-01-01, for 30 days". */
export function termText(values: {
  startDate: string;
  term: 'default' | 'duration' | 'due';
  durationDays: string;
  dueDate: string;
}): string {
  const start = values.startDate ? `from ${values.startDate}` : 'from now';
  if (values.term === 'duration') return `${start}, for ${values.durationDays} days`;
  if (values.term === 'due') return `${start}, due ${values.dueDate}`;
  return `${start}, with the curriculum's default duration`;
}

/** A rule's dates in words, as the rules table shows them. */
export function ruleTermText(rule: AssignmentRule, nowMs: number): string {
  const start =
    rule.startDate === null
      ? 'from when assigned'
      : `from ${formatDateOrOpen(rule.startDate, nowMs)}`;
  if (rule.dueDate !== null) return `${start}, due ${formatDateOrOpen(rule.dueDate, nowMs)}`;
  if (rule.open) return `${start}, open-ended`;
  return `${start}, for ${rule.durationDays} days`;
}
