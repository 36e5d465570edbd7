import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  certificateCredentialHref,
  certificatePdfHref,
  certificateThemeBase,
  getCertificate,
  getCertificateTheme,
} from '../../api/certificates';
import { ApiError, unwrap } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { buttonClassName, Button } from '@waypoint/ui/button';
import { Loading } from '@waypoint/ui/loading';
import { paths } from '../../lib/paths';
import { findSession, setSessionId } from '../../lib/store';
import { readCertificateQuery, takeSessionId } from './certificate-query';
import { renderCertificate } from './render-theme';
import styles from './certificate-page.module.css';

// The session id of the address (§2) is taken and cut from the address bar as soon as this page's
// code loads, before anything renders or is requested (docs/decisions/0011).
if (typeof window !== 'undefined' && window.location.pathname === paths.certificate) {
  const { sessionId, address } = takeSessionId(window.location);
  if (sessionId) {
    window.history.replaceState(window.history.state, '', address);
    setSessionId(sessionId);
  }
}

const STATUS_TEXT = {
  expired: 'This certificate has expired.',
  revoked: 'This certificate has been revoked by the issuer.',
} as const;

/** The certificate page (spec §2): the theme filled with the certificate, to print or download. */
export function CertificatePage() {
  const location = useLocation();
  const query = useMemo(
    () => readCertificateQuery(location.search, location.hash),
    [location.search, location.hash],
  );
  // Guarded (§2 route table): a session from cookies, stored user or the address's session id.
  if (!findSession()) return <Navigate to={paths.login} replace />;
  if (!query) {
    return (
      <main className={styles.page}>
        <p className={styles.message} role="alert">
          This certificate address is not complete.
        </p>
      </main>
    );
  }
  return <Certificate query={query} />;
}

function Certificate({ query }: { query: NonNullable<ReturnType<typeof readCertificateQuery>> }) {
  const { lmsKey, userKey, curriculumKey, assignmentKey, courseKey } = query;
  const data = useQuery({
    queryKey: queryKeys.certificates.data(lmsKey, userKey, curriculumKey, assignmentKey, courseKey),
    queryFn: async () =>
      unwrap(await getCertificate(lmsKey, userKey, curriculumKey, assignmentKey, courseKey)),
    retry: false,
  });
  const theme = data.data?.settings.theme;
  const template = useQuery({
    queryKey: queryKeys.certificates.theme(theme ?? ''),
    queryFn: () => getCertificateTheme(theme!),
    enabled: theme !== undefined,
    staleTime: Infinity,
  });
  const html = useMemo(
    () => (data.data && template.data ? renderCertificate(template.data, data.data) : ''),
    [data.data, template.data],
  );

  if (data.isError || template.isError) {
    const error = data.error ?? template.error;
    const text =
      error instanceof ApiError && error.message
        ? error.message
        : 'The certificate could not be loaded.';
    return (
      <main className={styles.page}>
        <p className={styles.message} role="alert">
          {text}
        </p>
      </main>
    );
  }
  if (!data.data || !html) {
    return (
      <main className={styles.page}>
        <Loading label="Loading..." size="large" />
      </main>
    );
  }
  const certificate = data.data;
  const status =
    certificate.status === 'valid'
      ? null
      : STATUS_TEXT[certificate.status as keyof typeof STATUS_TEXT];
  return (
    <main className={styles.page}>
      <link
        rel="stylesheet"
        href={`${certificateThemeBase(certificate.settings.theme)}/certificate.css`}
      />
      <nav className={styles.toolbar} aria-label="Certificate actions">
        <Button variant="primary" onClick={() => window.print()}>
          Print
        </Button>
        <a
          className={buttonClassName('secondary')}
          href={certificatePdfHref(lmsKey, userKey, certificate.certificateId)}
          download
        >
          Download PDF
        </a>
        <a
          className={buttonClassName('secondary')}
          href={certificateCredentialHref(lmsKey, userKey, certificate.certificateId)}
          download
          title="An Open Badges 3.0 credential for digital wallets"
        >
          Download credential
        </a>
        <a
          className={buttonClassName('ghost')}
          href={certificate.verifyUrl}
          target="_blank"
          rel="noreferrer"
        >
          Verification page
        </a>
      </nav>
      {status && (
        <p className={styles.status} role="status">
          {status}
        </p>
      )}
      <div className={styles.sheet} dangerouslySetInnerHTML={{ __html: html }} />
    </main>
  );
}
