import { useSearchParams } from 'react-router';
import { Button } from '@waypoint/ui';
import { COMPLIANCE_PAGE_SIZE } from '../../api/compliance';
import { pageOf, withParams } from './compliance-filters';
import styles from './compliance.module.css';

/** "Showing 51–100 of 10,000" and Previous / Next; the page lives in the address. */
export function Pager({ total, noun }: { total: number; noun: string }) {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const pages = Math.max(1, Math.ceil(total / COMPLIANCE_PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * COMPLIANCE_PAGE_SIZE + 1;
  const last = Math.min(total, page * COMPLIANCE_PAGE_SIZE);
  const go = (to: number) =>
    setParams((current) => withParams(current, { page: to > 1 ? String(to) : '' }));
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
      <p className={styles.count} role="status" aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : `${first.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} ${noun}`}
      </p>
      <div className={styles.pagerButtons}>
        <Button small disabled={page <= 1} onClick={() => go(page - 1)}>
          Previous page
        </Button>
        <span className={styles.muted}>
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button small disabled={page >= pages} onClick={() => go(page + 1)}>
          Next page
        </Button>
      </div>
    </nav>
  );
}
