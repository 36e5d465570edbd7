import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QUALIFICATION_STATUSES, QUALIFICATION_STATUS_TEXT } from '@waypoint/domain/staff';
import { Button, fieldClassNames, IconChevronDown } from '@waypoint/ui';
import type { CurriculumColumn, MatrixPage } from '../../api/compliance';
import {
  FilterField,
  FilterSelect,
  optionsOf,
  type FilterOption,
} from '../../components/filter-select';
import { curriculaOf, withParams } from './compliance-filters';
import styles from './compliance.module.css';

/** A filter select kept in the address's query parameter `name`. */
function ParamSelect({
  label,
  name,
  options,
}: {
  label: string;
  name: string;
  options: readonly FilterOption[];
}) {
  const [params, setParams] = useSearchParams();
  return (
    <FilterSelect
      label={label}
      value={params.get(name) ?? ''}
      options={options}
      onChange={(value) => setParams((current) => withParams(current, { [name]: value }))}
    />
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
        <FilterField label="Search" className={styles.search}>
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
        </FilterField>
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
        <ParamSelect label="Base" name="base" options={optionsOf(filters?.bases)} />
        <ParamSelect label="Fleet" name="fleet" options={optionsOf(filters?.fleets)} />
        <ParamSelect label="Position" name="position" options={optionsOf(filters?.positions)} />
        <ParamSelect
          label="Restriction group"
          name="restrictionGroup"
          options={optionsOf(filters?.restrictionGroups)}
        />
        {statusFilter && <ParamSelect label="Status" name="status" options={STATUS_OPTIONS} />}
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
