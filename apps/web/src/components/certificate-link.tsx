import { rehostCertificateUrl } from '@waypoint/domain';
import { useStudentParameters } from '../api/use-progress';
import { refuseOffline } from '../lib/online';
import { findSession } from '../lib/store';
import { buttonClassName } from '@waypoint/ui/button';
import { IconExternal } from './icons';

export interface CertificateLinkProps {
  /** The element's elementCertificateUrl ('' when it has no certificate). */
  url: string;
  /** What it is the certificate of, for the accessible name. */
  name: string;
  className?: string;
}

/**
 * The View link of a complete curriculum or course (spec §6): shown only when students may view
 * certificates (allowStudentsToViewCertificates) and hidden under certificateReporterAccess. An
 * address with #course or #curriculum opens the certificate page on this host with the session id
 * appended (re-hosted); any other opens as given. The address is made on click, so the session id
 * is never in the page's markup, and the new tab gets no opener or referrer.
 */
export function CertificateLink({ url, name, className }: CertificateLinkProps) {
  const parameters = useStudentParameters();
  const allowed =
    (parameters.data?.allowStudentsToViewCertificates ?? 0) > 0 &&
    (parameters.data?.certificateReporterAccess ?? 0) <= 0;
  if (!url || !allowed) return null;
  const open = () => {
    // The certificate is made by the server (ADR 0024 "Offline panel").
    if (refuseOffline()) return;
    const address = rehostCertificateUrl(url, window.location.origin, findSession() ?? '');
    window.open(address, '_blank', 'noopener,noreferrer');
  };
  return (
    <button
      type="button"
      className={buttonClassName('secondary', { small: true, className })}
      onClick={open}
      aria-label={`View certificate: ${name}`}
    >
      View certificate
      <IconExternal size={14} />
    </button>
  );
}
