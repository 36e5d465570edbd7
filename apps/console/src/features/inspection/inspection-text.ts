import type { InspectionInfo } from '../../api/inspection';

/** A YYYY-MM-DD day as the console writes dates (YYYY/MM/DD, §9). */
const day = (value: string) => value.replaceAll('-', '/');

/** The link's period in words: '2026/01/01 to 2026/06/30'. */
export function periodText(period: Pick<InspectionInfo, 'periodFrom' | 'periodTo'>): string {
  return `${day(period.periodFrom)} to ${day(period.periodTo)}`;
}

/** Who the link shows, in words: 'Base LHR · Fleet A320', or 'Everyone in scope'. */
export function populationText(population: InspectionInfo['population']): string {
  const parts = [
    population.base ? `Base ${population.base}` : '',
    population.fleet ? `Fleet ${population.fleet}` : '',
    population.position ? `Position ${population.position}` : '',
    population.restrictionGroup ? `Group ${population.restrictionGroup}` : '',
  ].filter(Boolean);
  return parts.length === 0 ? 'Everyone the link covers' : parts.join(' · ');
}
