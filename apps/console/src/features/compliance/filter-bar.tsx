import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QUALIFICATION_STATUSES, QUALIFICATION_STATUS_TEXT } from '@waypoint/domain/staff';
import { Button, fieldClassNames, IconChevronDown } from '@waypoint/ui';
import type { CurriculumColumn, MatrixPage } from '../../api/compliance';
import { curriculaOf, withParams } from './compliance-filters';
import styles from './compliance.module.css';

function FilterSelect({
  label,
  name,
  options,
}: {
  label: string;
  /** The address's query parameter it sets. */
  name: string;
  options: readonly { value: string; label: string }[];
}) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  // A value in the address that the LMS no longer has stays choosable, so the select shows it.
  const all =
    value && !options.some((option) => option.value === value)
      ? [...options, { value, label: value }]
      : options;
  return (
    <label className={styles.filter}>
      <span className={fieldClassNames.label}>{label}</span>
      <select
        className={fieldClassNames.input}
        value={value}
        onChange={(event) =>
          setParams((current) => withParams(current, { [name]: event.target.value }))
        }
      >
        <option value="">All</option>
        {all.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The curricula shown: none ticked means every one. */
function CurriculaPicker({ curricula }: { curricula: readonly CurriculumColumn[] }) {
  const [params, setParams] = useSearchParams();
  const chosen = curriculaOf(params);
  const toggle = (key: number, on: boolean) => {
    const next = on ? [...chosen, key] : chosen.filter((each) => each !== key);
    setParams((current) => withParams(current, { curricula: next.join(',') }));
  };
  return (
    <details className={styles.picker}>
      <summary className={fieldClassNames.input}>
        <span>Curricula: {chosen.length === 0 ? 'all' : `${chosen.length} chosen`}</span>
        <IconChevronDown size={16} className={styles.chevron} />
      </summary>
      <fieldset className={styles.pickerList}>
        <legend className="wp-visually-hidden">Curricula shown</legend>
        {curricula.length === 0 && <p className={styles.muted}>No curricula yet.</p>}
        {curricula.map((column) => (
          <label key={column.curriculumKey} className={styles.check}>
            <input
              type="checkbox"
              checked={chosen.includes(column.curriculumKey)}
              onChange={(event) => toggle(column.curriculumKey, event.target.checked)}
            />
            {column.name}
          </label>
        ))}
        {chosen.length > 0 && (
          <Button
            small
            variant="ghost"
            onClick={() => setParams((current) => withParams(current, { curricula: '' }))}
          >
            Show all curricula
          </Button>
        )}
      </fieldset>
    </details>
  );
}

const each = (values: readonly string[] = []) => values.map((value) => ({ value, label: value }));

const STATUS_OPTIONS = QUALIFICATION_STATUSES.map((status) => ({
  value: status,
  label: QUALIFICATION_STATUS_TEXT[status],
}));

/**
 * The population filters of the matrix and the lists, kept in the address: search, base, fleet,
 * position, restriction group, status and the curricula. On a narrow screen they fold under a
 * Filters button.
 */
export function FilterBar({
  filters,
  curricula,
  statusFilter = true,
}: {
  filters?: MatrixPage['filters'];
  curricula: readonly CurriculumColumn[];
  /** The lists are a status question of their own: they have no status filter. */
  statusFilter?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const active = [...params.keys()].filter((name) =>
    ['base', 'fleet', 'position', 'restrictionGroup', 'status', 'curricula'].includes(name),
  ).length;
  return (
    <div className={styles.filterBar} role="search" aria-label="Filter the people">
      <div className={styles.filterTop}>
        <label className={`${styles.filter} ${styles.search}`}>
          <span className={fieldClassNames.label}>Search</span>
          <input
            type="search"
            className={fieldClassNames.input}
            value={params.get('search') ?? ''}
            placeholder="Name, login or employee ID"
            maxLength={200}
            // Typing replaces the address's entry, so Back does not step through each letter.
            onChange={(event) =>
              setParams((current) => withParams(current, { search: event.target.value }), {
                replace: true,
              })
            }
          />
        </label>
        <Button
          className={styles.foldButton}
          aria-expanded={open}
          aria-controls="compliance-filters"
          onClick={() => setOpen(!open)}
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </Button>
      </div>
      <div id="compliance-filters" className={styles.filters} data-open={open}>
        <FilterSelect label="Base" name="base" options={each(filters?.bases)} />
        <FilterSelect label="Fleet" name="fleet" options={each(filters?.fleets)} />
        <FilterSelect label="Position" name="position" options={each(filters?.positions)} />
        <FilterSelect
          label="Restriction group"
          name="restrictionGroup"
          options={each(filters?.restrictionGroups)}
        />
        {statusFilter && <FilterSelect label="Status" name="status" options={STATUS_OPTIONS} />}
        <CurriculaPicker curricula={curricula} />
        {active > 0 && (
          <Button
            variant="ghost"
            className={styles.clear}
            onClick={() =>
              setParams((current) =>
                withParams(current, {
                  base: '',
                  fleet: '',
                  position: '',
                  restrictionGroup: '',
                  status: '',
                  curricula: '',
                }),
              )
            }
          >
            Clear filters
          </Button>
        )}
      </div>
    </div>
  );
}
