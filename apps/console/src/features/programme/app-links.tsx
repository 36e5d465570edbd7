import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { Button, ErrorLine, Loading } from '@waypoint/ui';
import {
  APP_LINKS_MAX,
  appLinkAddressProblem,
  appLinkLabelProblem,
  appLinksProblems,
} from '@waypoint/domain/staff';
import { appLinksKey, replaceAppLinks, useAppLinks, type AppLinkItem } from '../../api/app-links';
import { useAllows } from '../../api/session';
import { FormField } from '../../components/form-field';
import { ErrorState, errorMessage } from '../../components/states';
import { CheckboxField } from './fields';
import styles from './programme.module.css';
import own from './app-links.module.css';

interface Values {
  links: AppLinkItem[];
}

/**
 * The LMS's App Download links (spec §1 strip, §3 App download link; docs/decisions/0024 "Install
 * and app links"): the store or download pages of the training provider's own apps, in the strip's
 * order. Every role reads them; changing them needs 'lms.modify', as the server checks again.
 */
export function AppLinksView() {
  const query = useAppLinks();
  if (query.isPending) return <Loading label="Loading the App Download links..." />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <AppLinksForm links={query.data.links} />;
}

function AppLinksForm({ links }: { links: AppLinkItem[] }) {
  const canEdit = useAllows('lms.modify');
  const form = useForm<Values>({ values: { links } });
  const rows = useFieldArray({ control: form.control, name: 'links' });
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: replaceAppLinks,
    onSuccess: (saved) => {
      client.setQueryData(appLinksKey(), saved);
      form.reset(saved);
    },
  });
  const onSubmit = (values: Values) => {
    // What no one field shows: a label twice, or too many links.
    const problems = appLinksProblems(values.links);
    if (problems.length > 0) {
      form.setError('root', { message: problems.join(' ') });
      return;
    }
    mutation.mutate({ links: values.links });
  };
  const rootError = form.formState.errors.root?.message;
  return (
    <section className={styles.card} aria-labelledby="app-links-heading">
      <h2 id="app-links-heading" className={styles.detailHeading}>
        App Download links
      </h2>
      <p className={styles.hint}>
        The links in the student panel's App Download strip, in this order: your own apps' store or
        download pages (whole https addresses). With none, the strip offers only Install, where the
        student's browser can install the panel itself.
      </p>
      <form className={styles.form} noValidate onSubmit={form.handleSubmit(onSubmit)}>
        {rows.fields.length === 0 && (
          <p className={own.none}>No links: the strip offers Install only.</p>
        )}
        {rows.fields.map((row, index) => (
          <fieldset key={row.id} disabled={!canEdit || mutation.isPending} className={own.row}>
            <legend className={styles.legend}>Link {index + 1}</legend>
            <div className={own.fields}>
              <FormField
                form={form}
                name={`links.${index}.label`}
                label="Label"
                maxLength={40}
                placeholder="Windows, Apple, Google Play ..."
                rules={{ validate: (value: unknown) => appLinkLabelProblem(String(value)) ?? true }}
              />
              <FormField
                form={form}
                name={`links.${index}.link`}
                label="Address"
                type="url"
                inputMode="url"
                placeholder="https://"
                rules={{
                  validate: (value: unknown) => appLinkAddressProblem(String(value)) ?? true,
                }}
              />
            </div>
            <div className={own.actions}>
              <CheckboxField
                form={form}
                name={`links.${index}.willRender`}
                label="Shown in the strip"
              />
              {canEdit && (
                <>
                  <Button
                    small
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => rows.move(index, index - 1)}
                  >
                    Move link {index + 1} up
                  </Button>
                  <Button small variant="ghost" onClick={() => rows.remove(index)}>
                    Remove link {index + 1}
                  </Button>
                </>
              )}
            </div>
          </fieldset>
        ))}
        {canEdit && (
          <div>
            <Button
              small
              disabled={rows.fields.length >= APP_LINKS_MAX || mutation.isPending}
              onClick={() => rows.append({ label: '', link: '', willRender: true })}
            >
              Add a link
            </Button>
          </div>
        )}
        <ErrorLine message={rootError ?? (mutation.error ? errorMessage(mutation.error) : null)} />
        {canEdit ? (
          <div className={styles.formActions}>
            <Button type="submit" variant="primary" busy={mutation.isPending}>
              Save App Download links
            </Button>
            <span role="status" className={styles.saved}>
              {mutation.isSuccess && !form.formState.isDirty ? 'Saved.' : ''}
            </span>
          </div>
        ) : (
          <p className={styles.hint}>Your role may read these links but not change them.</p>
        )}
      </form>
    </section>
  );
}
