/** One line of an event's before/after: a field (dotted path), its value before and after. */
export interface DiffLine {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const shown = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The fields of a value by dotted path (arrays kept whole: a list of flags reads as one value). */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) into.set(prefix, value);
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  if (prefix || value !== null) into.set(prefix || '(value)', value);
}

/** Before and after side by side, field by field, in the order the fields first appear. */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  const was = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  flatten(before ?? null, '', was);
  flatten(after ?? null, '', now);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return fields.map((field) => {
    const b = shown(was.get(field));
    const a = shown(now.get(field));
    return { field, before: b, after: a, changed: b !== a };
  });
}
