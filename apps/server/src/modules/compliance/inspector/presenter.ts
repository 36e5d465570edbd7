import type { InspectorLinkRow, InspectorPopulation } from '@waypoint/domain/console-contract';
import type { LinkRow } from './repo.js';

const POPULATION_FIELDS = ['base', 'fleet', 'position', 'restrictionGroup', 'curricula'] as const;

/** A stored population (jsonb) as the contract's object: its known, non-empty text fields only. */
export function presentPopulation(stored: unknown): InspectorPopulation {
  const source = (stored ?? {}) as Record<string, unknown>;
  const population: InspectorPopulation = {};
  for (const field of POPULATION_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' && value !== '') population[field] = value;
  }
  return population;
}

/** A link's row for the console, with its uses (pages viewed and files downloaded). */
export function presentLink(row: LinkRow, uses: number): InspectorLinkRow {
  return {
    linkKey: row.linkKey,
    label: row.label,
    population: presentPopulation(row.population),
    periodFrom: row.periodFrom,
    periodTo: row.periodTo,
    createdAt: new Date(row.createdAt).getTime(),
    createdBy: row.createdBy ?? '',
    expiresAt: new Date(row.expiresAt).getTime(),
    revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt).getTime(),
    uses,
  };
}
