import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { IconChat } from '../../components/icons';
import { setSessionId } from '../../lib/store';
import { COMMENTS_NOT_OPERATIONAL, readCommentsQuery } from './comments-rules';
import styles from './comments-page.module.css';

/** The comments page (spec §2): checks its query; listing and posting are not built yet. */
export function CommentsPage() {
  const [params] = useSearchParams();
  const query = useMemo(() => readCommentsQuery(params), [params]);
  useEffect(() => {
    // The sessionID from the query becomes the global session id (spec §2 Comments screen).
    if (query) setSessionId(query.sessionID);
  }, [query]);
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>
        <IconChat size={20} />
        Comments
      </h1>
      {!query && (
        <p className={styles.notice} role="alert">
          {COMMENTS_NOT_OPERATIONAL}
        </p>
      )}
    </main>
  );
}
