import type { UseFormRegisterReturn } from 'react-hook-form';
import type { MatrixPage } from '@waypoint/domain/console-contract';
import { fieldClassNames } from '@waypoint/ui';
import { FilterField } from '../../components/filter-select';

/** The people fields a population is chosen by (exports, records bundles, inspector links). */
export type PopulationField = 'base' | 'fleet' | 'position' | 'restrictionGroup';

const FIELDS: readonly {
  name: PopulationField;
  label: string;
  values: keyof MatrixPage['filters'];
}[] = [
  { name: 'base', label: 'Base', values: 'bases' },
  { name: 'fleet', label: 'Fleet', values: 'fleets' },
  { name: 'position', label: 'Position', values: 'positions' },
  { name: 'restrictionGroup', label: 'Restriction group', values: 'restrictionGroups' },
];

/**
 * A form's population: one select per people field, All (empty) or one of the values of the
 * caller's scope; `register` is the form's own (react-hook-form), so each form keeps its type.
 */
export function PopulationSelects({
  register,
  filters,
}: {
  register: (name: PopulationField) => UseFormRegisterReturn;
  filters?: MatrixPage['filters'];
}) {
  return FIELDS.map((field) => (
    <FilterField key={field.name} label={field.label}>
      <select className={fieldClassNames.input} {...register(field.name)}>
        <option value="">All</option>
        {(filters?.[field.values] ?? []).map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </FilterField>
  ));
}
