import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, ErrorLine } from '@waypoint/ui';
import { useMatrixFacts } from '../../api/compliance';
import { downloadBundle, type BundleRequest } from '../../api/records';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../components/states';
import { lastTwelveMonths } from './export-buttons';
import styles from './compliance.module.css';
import { PopulationSelects } from './population-selects';

interface BundleForm {
  base: string;
  fleet: string;
  position: string;
  restrictionGroup: string;
  from: string;
  to: string;
}

/** The request of the form: blank parts of the population left out. */
function bundleOf(values: BundleForm): BundleRequest {
  const filter: BundleRequest['filter'] = {};
  for (const name of ['base', 'fleet', 'position', 'restrictionGroup'] as const)
    if (values[name]) filter[name] = values[name];
  return { filter, from: values.from, to: values.to };
}

/**
 * Records on request: a population's training records for a period as one signed bundle (per
 * person a PDF and a CSV, their training events, a manifest of file hashes signed with the LMS's
 * key), prepared on the server and downloaded through a one-time address. `npm run waypoint --
 * records verify-bundle FILE` checks it. Needs compliance.export; the server keeps it to the
 * caller's scope.
 */
export function RecordsBundle() {
  const facts = useMatrixFacts();
  const filters = facts.data?.filters;
  const form = useForm<BundleForm>({
    defaultValues: {
      base: '',
      fleet: '',
      position: '',
      restrictionGroup: '',
      ...lastTwelveMonths(),
    },
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [started, setStarted] = useState('');
  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure('');
    setStarted('');
    try {
      const fileName = await downloadBundle(bundleOf(values));
      setStarted(`Downloading ${fileName}.`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  });
  return (
    <section className={styles.view} aria-labelledby="records-bundle">
      <div className={styles.panel}>
        <h2 id="records-bundle" className={styles.heading}>
          Records bundle
        </h2>
        <p className={styles.muted}>
          The training records of the people you choose for a period, as one zip: per person a PDF
          and a CSV, their training events, and a manifest of every file&apos;s hash signed with
          this LMS&apos;s key, so that anyone can check nothing was changed.
        </p>
        <form
          className={styles.reportForm}
          aria-label="Records bundle"
          noValidate
          onSubmit={(event) => void submit(event)}
        >
          <fieldset className={styles.population}>
            <legend>Population (in your scope)</legend>
            <PopulationSelects register={(name) => form.register(name)} filters={filters} />
          </fieldset>
          <div className={styles.period}>
            <FormField
              form={form}
              name="from"
              label="Records from (UTC day)"
              type="date"
              rules={{ required: 'Choose the first day.' }}
            />
            <FormField
              form={form}
              name="to"
              label="Records to (UTC day)"
              type="date"
              rules={{
                required: 'Choose the last day.',
                validate: (to: string) =>
                  to >= form.getValues('from') || 'The period needs a start on or before its end.',
              }}
            />
          </div>
          <div className={styles.reportActions}>
            <Button type="submit" variant="primary" busy={busy}>
              Prepare bundle
            </Button>
            <span role="status" className={styles.saved}>
              {started}
            </span>
          </div>
          <p className={styles.muted}>
            To check a bundle: <code>npm run waypoint -- records verify-bundle FILE</code>
          </p>
          <ErrorLine message={failure} />
        </form>
      </div>
    </section>
  );
}
