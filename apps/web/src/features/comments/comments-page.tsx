import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { commentTextProblem, formatDate, serviceErrorText } from '@waypoint/domain';
import { ApiError, unwrap } from '../../api/client';
import {
  getComments,
  postComment,
  type Annotation,
  type AnnotationReply,
} from '../../api/comments';
import { queryKeys } from '../../api/query-keys';
import { Button } from '@waypoint/ui/button';
import { ErrorLine } from '@waypoint/ui/field';
import { Loading } from '@waypoint/ui/loading';
import { IconChat } from '../../components/icons';
import { setSessionId } from '../../lib/store';
import { useAppState } from '../../lib/use-app-state';
import { COMMENTS_NOT_OPERATIONAL, readCommentsQuery, type CommentsQuery } from './comments-rules';
import styles from './comments-page.module.css';

const pad = (value: number) => String(value).padStart(2, '0');
/** Date (§9 YYYY/MM/DD) and time of a comment, in local time. */
const postedAt = (ms: number) => {
  const date = new Date(ms);
  return `${formatDate(ms)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/**
 * The message for a failed annotation call (§8): '409' for a 409; for any other status of 400 or
 * more the server's own message when it gave one (it says what is wrong), else 'Error > 400.'.
 */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return COMMENTS_NOT_OPERATIONAL;
  const stored = serviceErrorText(error.statusCode);
  if (stored === '409') return stored;
  return error.message || stored || COMMENTS_NOT_OPERATIONAL;
}

function CommentBody({ comment }: { comment: AnnotationReply }) {
  return (
    <>
      <p className={styles.meta}>
        <span className={styles.author}>{comment.userName}</span>
        <time dateTime={new Date(comment.annotationInstant).toISOString()}>
          {postedAt(comment.annotationInstant)}
        </time>
      </p>
      {/* Plain text: React escapes it; it is never rendered as HTML. */}
      <p className={styles.text}>{comment.annotationString}</p>
    </>
  );
}

function CommentItem({
  comment,
  onReply,
}: {
  comment: Annotation;
  onReply: (comment: Annotation) => void;
}) {
  return (
    <li className={styles.comment}>
      <article aria-label={`Comment by ${comment.userName}`}>
        <CommentBody comment={comment} />
        <Button small variant="ghost" onClick={() => onReply(comment)}>
          Reply
        </Button>
      </article>
      {comment.annotationChildren.length > 0 && (
        <ul className={styles.replies} aria-label={`Replies to ${comment.userName}`}>
          {comment.annotationChildren.map((reply) => (
            <li key={reply.annotationKey} className={styles.reply}>
              <article aria-label={`Reply by ${reply.userName}`}>
                <CommentBody comment={reply} />
              </article>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The list, the text input and the 'Comment' button for one place of a lesson. */
function CommentsBoard({ query }: { query: CommentsQuery }) {
  const client = useQueryClient();
  const key = queryKeys.comments.list(
    query.lms,
    query.course,
    query.sco,
    query.user,
    query.location,
  );
  const comments = useQuery({
    queryKey: key,
    queryFn: async () =>
      unwrap(await getComments(query.lms, query.course, query.sco, query.user, query.location)),
    retry: false,
  });
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Annotation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  useEffect(() => {
    if (comments.error) console.error('Comments failed to load:', failureText(comments.error));
  }, [comments.error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = commentTextProblem(text);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await postComment(query.lms, {
        lmsKey: query.lms,
        userKey: query.user,
        scoKey: query.sco,
        aggregationKey: query.course,
        annotationLocation: query.location,
        annotationType: 'comment',
        annotationString: text,
        parent: replyTo?.annotationKey ?? -1,
      });
      // §4: after a comment is created (status code below 300) the input clears and comments reload.
      if (result.statusCode < 300) {
        setText('');
        setReplyTo(null);
        await client.invalidateQueries({ queryKey: key });
      } else {
        setError(failureText(new ApiError(result.statusCode, result.errorMsg)));
      }
    } catch (caught) {
      setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  if (comments.isPending) return <Loading />;
  if (comments.isError) {
    return (
      <p className={styles.notice} role="alert">
        {failureText(comments.error)}
      </p>
    );
  }
  return (
    <>
      {comments.data.length === 0 ? (
        <p className={styles.empty}>No comments yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Comments">
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.annotationKey}
              comment={comment}
              onReply={(target) => {
                setReplyTo(target);
                setError(null);
                document.getElementById(inputId)?.focus();
              }}
            />
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={inputId} className={styles.label}>
          {replyTo ? `Reply to ${replyTo.userName}` : 'Your comment'}
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={styles.input}
            type="text"
            value={text}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
          />
          <Button type="submit" variant="primary" busy={busy}>
            Comment
          </Button>
        </div>
        {replyTo && (
          <Button small variant="ghost" onClick={() => setReplyTo(null)}>
            Cancel reply
          </Button>
        )}
        <ErrorLine message={error} id={errorId} />
      </form>
    </>
  );
}

/**
 * The comments page (spec §2 Comments screen, §4, §8): with all six query values, the sessionID
 * becomes the session id and leaves the address bar; then the comments on that place of the
 * lesson, replies under their parent, and the form to add one.
 */
export function CommentsPage() {
  const [params, setParams] = useSearchParams();
  // Read once: the sessionID is then removed from the address (it must not linger or leak).
  const sessionId = useAppState((state) => state.sessionId);
  const [query] = useState(() => readCommentsQuery(params, sessionId));
  useEffect(() => {
    if (!query) return;
    setSessionId(query.sessionID);
    if (params.has('sessionID')) {
      const rest = new URLSearchParams(params);
      rest.delete('sessionID');
      setParams(rest, { replace: true });
    }
  }, [query, params, setParams]);
  // The board's first request goes out once the query's session id is the one sent.
  const ready = query !== null && sessionId === query.sessionID;
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>
        <IconChat size={20} />
        Comments
      </h1>
      {!query ? (
        <p className={styles.notice} role="alert">
          {COMMENTS_NOT_OPERATIONAL}
        </p>
      ) : (
        ready && <CommentsBoard query={query} />
      )}
    </main>
  );
}
