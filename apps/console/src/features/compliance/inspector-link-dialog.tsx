import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { INSPECTOR_LINK_MAX_DAYS } from '@waypoint/domain/console-contract';
import { Button, ErrorLine, Modal, TextField } from '@waypoint/ui';
import {
  createInspectorLink,
  useInspectorLinkChange,
  type CreatedInspectorLink,
  type CurriculumColumn,
  type MatrixPage,
  type NewInspectorLink,
} from '../../api/compliance';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import { lastTwelveMonths } from './export-buttons';
import styles from './compliance.module.css';
import { PopulationSelects } from './population-selects';

interface LinkForm {
  label: string;
  base: string;
  fleet: string;
  position: string;
  restrictionGroup: string;
  curricula: string[];
  periodFrom: string;
  periodTo: string;
  validDays: string;
}

/** The request for the form: blank parts of the population left out. */
function linkOf(values: LinkForm): NewInspectorLink {
  const population: NewInspectorLink['population'] = {};
  for (const name of ['base', 'fleet', 'position', 'restrictionGroup'] as const)
    if (values[name]) population[name] = values[name];
  if (values.curricula.length > 0) population.curricula = values.curricula.join(',');
  return {
    label: values.label.trim(),
    population,
    periodFrom: values.periodFrom,
    periodTo: values.periodTo,
    validDays: Number(values.validDays),
  };
}

/** The made link's address, shown this once, with a copy button. */
function CreatedLink({ created, onClose }: { created: CreatedInspectorLink; onClose: () => void }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied('Copied.');
    } catch {
      setCopied('Could not copy: select the address and copy it.');
    }
  };
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Inspector link made"
      description="This address is shown only now: copy it and send it to the inspector."
      width={600}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className={styles.created}>
        <TextField
          label={`Address of '${created.link.label}'`}
          value={created.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button onClick={() => void copy()}>Copy address</Button>
        <span role="status" className={styles.saved}>
          {copied}
        </span>
      </div>
    </Modal>
  );
}

/** Makes an inspector link: a label, the population, the period and how many days it stays open. */
export function InspectorLinkDialog({
  filters,
  curricula,
  onClose,
}: {
  filters?: MatrixPage['filters'];
  curricula: readonly CurriculumColumn[];
  onClose: () => void;
}) {
  const period = lastTwelveMonths();
  const form = useForm<LinkForm>({
    defaultValues: {
      label: '',
      base: '',
      fleet: '',
      position: '',
      restrictionGroup: '',
      curricula: [],
      periodFrom: period.from,
      periodTo: period.to,
      validDays: '14',
    },
  });
  const create = useInspectorLinkChange(createInspectorLink);
  if (create.data) return <CreatedLink created={create.data} onClose={onClose} />;

  const submit = form.handleSubmit((values) => create.mutate(linkOf(values)));
  return (
    <Modal
      open
      onOpenChange={(next) => !next && !create.isPending && onClose()}
      title="New inspector link"
      width={640}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="inspector-link-form"
            variant="primary"
            busy={create.isPending}
          >
            Make link
          </Button>
        </>
      }
    >
      <form
        id="inspector-link-form"
        className={styles.linkForm}
        aria-label="New inspector link"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <FormField
          form={form}
          name="label"
          label="Label"
          autoComplete="off"
          maxLength={200}
          hint="Who it is for: 'CAA audit, November'."
          rules={{ validate: (value: string) => value.trim() !== '' || 'Give the link a label.' }}
        />
        <fieldset className={styles.population}>
          <legend>Population</legend>
          <PopulationSelects register={(name) => form.register(name)} filters={filters} />
          <fieldset className={styles.curriculaChoice}>
            <legend>Curricula (none ticked: every one)</legend>
            {curricula.map((column) => (
              <label key={column.curriculumKey} className={styles.check}>
                <input
                  type="checkbox"
                  value={String(column.curriculumKey)}
                  {...form.register('curricula')}
                />
                {column.name}
              </label>
            ))}
          </fieldset>
        </fieldset>
        <div className={styles.period}>
          <FormField
            form={form}
            name="periodFrom"
            label="Records from (UTC day)"
            type="date"
            rules={{ required: 'Choose the first day.' }}
          />
          <FormField
            form={form}
            name="periodTo"
            label="Records to (UTC day)"
            type="date"
            rules={{
              required: 'Choose the last day.',
              validate: (to: string, values: LinkForm) =>
                !values.periodFrom || values.periodFrom <= to || 'The end is before the start.',
            }}
          />
        </div>
        <FormField
          form={form}
          name="validDays"
          label="Open for (days)"
          type="number"
          min={1}
          max={INSPECTOR_LINK_MAX_DAYS}
          inputMode="numeric"
          hint={`1 to ${INSPECTOR_LINK_MAX_DAYS} days; it can be revoked sooner.`}
          rules={{
            validate: (value: string) => {
              const days = Number(value);
              return (
                (Number.isInteger(days) && days >= 1 && days <= INSPECTOR_LINK_MAX_DAYS) ||
                `Between 1 and ${INSPECTOR_LINK_MAX_DAYS} days.`
              );
            },
          }}
        />
      </form>
      <ErrorLine message={create.error ? errorMessage(create.error) : ''} />
    </Modal>
  );
}
