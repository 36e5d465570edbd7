import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button, ErrorLine, Loading } from '@waypoint/ui';
import {
  editCertificateSettings,
  useCertificateSettings,
  type CertificateSettingsView as Settings,
} from '../../api/programme';
import { queryKeys } from '../../api/query-keys';
import { useAllows } from '../../api/session';
import { FormField } from '../../components/form-field';
import { ErrorState, errorMessage } from '../../components/states';
import { CheckboxField, SelectField, TextAreaField } from './fields';
import styles from './programme.module.css';

type Values = Omit<Settings, 'themes'>;

const TOGGLES: { name: keyof Values; label: string }[] = [
  { name: 'showLmsName', label: 'The LMS name' },
  { name: 'showSummaryInfo', label: 'Summary information (time, score, dates)' },
  { name: 'showAssignmentList', label: 'The list of courses and lessons' },
  { name: 'showText', label: 'The certificate text' },
  { name: 'showSignature', label: 'The signature' },
];

/** The LMS's certificate settings (§3 Certificate settings toggles; docs/decisions/0011). */
export function CertificateSettingsView() {
  const query = useCertificateSettings();
  if (query.isPending) return <Loading label="Loading the certificate settings..." />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <CertificateSettingsForm settings={query.data} />;
}

function CertificateSettingsForm({ settings }: { settings: Settings }) {
  const { themes, ...values } = settings;
  const canEdit = useAllows('programme.curriculum');
  const form = useForm<Values>({ values });
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: editCertificateSettings,
    onSuccess: (saved) => client.setQueryData(queryKeys.programme.certificates(), saved),
  });
  return (
    <section className={styles.card} aria-labelledby="certificate-settings-heading">
      <h2 id="certificate-settings-heading" className={styles.detailHeading}>
        Certificate settings
      </h2>
      <p className={styles.hint}>
        What every certificate of this LMS shows. Certificates already issued keep what they showed.
      </p>
      <form
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((edit) =>
          mutation.mutate({ ...edit, validityMonths: Number(edit.validityMonths) }),
        )}
      >
        <fieldset disabled={!canEdit || mutation.isPending} className={styles.fieldset}>
          <legend className={styles.legend}>Shown on the certificate</legend>
          {TOGGLES.map((toggle) => (
            <CheckboxField key={toggle.name} form={form} name={toggle.name} label={toggle.label} />
          ))}
        </fieldset>
        <fieldset disabled={!canEdit || mutation.isPending} className={styles.fieldset}>
          <legend className={styles.legend}>Wording and look</legend>
          <TextAreaField form={form} name="text" label="Certificate text" />
          <div className={styles.fieldRow}>
            <FormField form={form} name="typeName" label="Certificate type" maxLength={200} />
            <SelectField
              form={form}
              name="theme"
              label="Theme"
              options={themes.map((theme) => ({ value: theme, label: theme }))}
            />
          </div>
          <div className={styles.fieldRow}>
            <FormField form={form} name="signatureName" label="Signed by" maxLength={200} />
            <FormField form={form} name="signatureTitle" label="Their title" maxLength={200} />
            <FormField
              form={form}
              name="validityMonths"
              label="New curricula valid for (months)"
              type="number"
              min={0}
              max={1200}
              hint="0: no expiry. Each curriculum's own validity rule is in its settings."
              rules={{
                valueAsNumber: true,
                validate: (value: unknown) =>
                  (Number.isInteger(value) && Number(value) >= 0 && Number(value) <= 1200) ||
                  'A whole number of months from 0 to 1200.',
              }}
            />
          </div>
        </fieldset>
        <ErrorLine message={mutation.error ? errorMessage(mutation.error) : null} />
        {canEdit ? (
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" busy={mutation.isPending}>
              Save certificate settings
            </Button>
            <span role="status" className={styles.saved}>
              {mutation.isSuccess ? 'Saved.' : ''}
            </span>
          </div>
        ) : (
          <p className={styles.hint}>Your role may read these settings but not change them.</p>
        )}
      </form>
    </section>
  );
}
