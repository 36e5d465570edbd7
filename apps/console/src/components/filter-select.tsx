import type { ReactNode } from 'react';
import { fieldClassNames } from '@waypoint/ui';
import styles from './filter-select.module.css';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A filter's label over its control (a select, or a search box), sized for a wrapping row of
 * filters; className adds a feature's sizing (a wider search box).
 */
export function FilterField({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={className ? `${styles.filter} ${className}` : styles.filter}>
      <span className={fieldClassNames.label}>{label}</span>
      {children}
    </label>
  );
}

/**
 * A list's filter: All (the empty value) or one of the options. A value the options no longer
 * hold (an old shared address) stays choosable, so the select shows what is filtered.
 */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  const all =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <FilterField label={label}>
      <select
        className={fieldClassNames.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All</option>
        {all.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** Options whose label is the value itself (bases, fleets, positions, restriction groups). */
export const optionsOf = (values: readonly string[] = []): FilterOption[] =>
  values.map((value) => ({ value, label: value }));
