/**
 * A lesson's stored cmi (lesson_progress.cmi, JSON text of the attempt's raw cmi elements, migration
 * 0005) as an object of strings; anything else, or nothing, reads as a fresh attempt's nothing.
 * Shared by the launch rules, the player and the sequencer's replay.
 */
export function parseCmi(text: string | null | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}
