import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  LIBRARY_EMPTY,
  LIBRARY_LOADING,
  LIBRARY_PREVIEW_WINDOW,
  LIBRARY_WARNING,
} from '@waypoint/domain';
import { unwrap } from '../../api/client';
import { currentCredentials } from '../../api/credentials';
import {
  getLibraryCourses,
  getLibraryMedia,
  libraryLaunchAction,
  type LibraryCourse,
  type LibraryMediaItem,
} from '../../api/library';
import { queryKeys } from '../../api/query-keys';
import { useUserKeys } from '../../api/use-progress';
import { IconPlay } from '../../components/curricula-icons';
import { IconChevronDown, IconExternal, IconWarning } from '../../components/icons';
import { Loading } from '@waypoint/ui/loading';
import { refuseOffline, refuseOfflineClick } from '../../lib/online';
import { libraryErrorText, mediaRows } from './library-model';
import styles from './library.module.css';

type Topic = LibraryCourse['elementChildren'][number];

function Chevron({ open }: { open: boolean }) {
  return <IconChevronDown size={18} className={open ? styles.chevronOpen : styles.chevron} />;
}

function TopicRow({ topic, onPlay }: { topic: Topic; onPlay: (leafKey: number) => void }) {
  const [open, setOpen] = useState(false);
  const id = `library-topic-${topic.elementKey}`;
  return (
    <li className={styles.topic}>
      <button
        type="button"
        className={styles.topicToggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <Chevron open={open} />
        <span className={styles.topicName}>{topic.elementName || 'Chapter'}</span>
        <span className={styles.count}>{topic.elementChildren.length}</span>
      </button>
      {/* §2: lessons only when their topic is open. */}
      {open && (
        <ul className={styles.lessons} id={id}>
          {topic.elementChildren.map((lesson) => (
            <li key={lesson.elementKey} className={styles.lesson}>
              <span className={styles.lessonName}>{lesson.elementName}</span>
              <button
                type="button"
                className={styles.playButton}
                aria-label={`Preview ${lesson.elementName}`}
                title="Preview (nothing is recorded)"
                onClick={() => onPlay(lesson.elementKey)}
              >
                <IconPlay size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function CourseRow({
  course,
  onPlay,
}: {
  course: LibraryCourse;
  onPlay: (leafKey: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = `library-course-${course.elementKey}`;
  return (
    <li className={styles.course}>
      <button
        type="button"
        className={styles.courseToggle}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        <Chevron open={open} />
        <span className={styles.courseName}>{course.elementName}</span>
      </button>
      {open && (
        <ul className={styles.topics} id={id}>
          {course.elementChildren.map((topic) => (
            <TopicRow key={topic.elementKey} topic={topic} onPlay={onPlay} />
          ))}
        </ul>
      )}
    </li>
  );
}

function MediaRow({ item }: { item: LibraryMediaItem }) {
  return (
    <li className={styles.media}>
      <div className={styles.mediaText}>
        <span className={styles.mediaName}>{item.name}</span>
        {item.description && <span className={styles.mediaDescription}>{item.description}</span>}
      </div>
      {/* §2: an OPEN link (new tab) when a link exists, else the name only. */}
      {item.link && (
        <a
          className={styles.open}
          href={item.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`OPEN ${item.name} (opens in a new tab)`}
          onClick={refuseOfflineClick}
        >
          OPEN
          <IconExternal size={14} />
        </a>
      )}
    </li>
  );
}

/**
 * The reference library (spec §2 Library, §4 Library load, §8): course items load first, then
 * media; 'Loading...' until both end (or the course load fails); failures are only logged. A
 * lesson's play button posts sessionID and leafKey into the window named preview.
 */
export function LibraryPage() {
  const { lmsKey, userKey, known } = useUserKeys();
  const courses = useQuery({
    queryKey: queryKeys.library.courses(lmsKey, userKey),
    queryFn: async () => unwrap(await getLibraryCourses(lmsKey, userKey)),
    enabled: known,
    retry: false,
  });
  const media = useQuery({
    queryKey: queryKeys.library.media(lmsKey, userKey),
    queryFn: async () => unwrap(await getLibraryMedia(lmsKey, userKey)),
    // §4 Library load: media after the courses; a failed course load ends the loading.
    enabled: known && courses.isSuccess,
    retry: false,
  });
  useEffect(() => {
    if (courses.error)
      console.error('Library courses failed to load:', libraryErrorText(courses.error));
  }, [courses.error]);
  useEffect(() => {
    if (media.error) console.error('Library media failed to load:', libraryErrorText(media.error));
  }, [media.error]);

  const form = useRef<HTMLFormElement>(null);
  const leafKey = useRef<HTMLInputElement>(null);
  const sessionId = useRef<HTMLInputElement>(null);
  const play = (key: number) => {
    // A preview is played from the server (ADR 0024 "Offline panel").
    if (refuseOffline()) return;
    if (!form.current || !leafKey.current || !sessionId.current) return;
    leafKey.current.value = String(key);
    sessionId.current.value = currentCredentials().sessionId ?? '';
    form.current.submit();
  };

  // Offline the media (signed addresses, never kept) wait for the connection; the kept course
  // list shows meanwhile (ADR 0024 "Offline panel").
  const mediaWaiting = media.isPending && media.fetchStatus !== 'paused';
  const loading = !known || courses.isPending || (courses.isSuccess && mediaWaiting);
  const courseList = courses.data ?? [];
  const mediaList = mediaRows(media.data ?? []);
  return (
    <section className={styles.page} aria-labelledby="page-heading">
      <header className={styles.header}>
        <h1 id="page-heading" className={styles.title}>
          Library
        </h1>
        <p className={styles.warning} role="note">
          <IconWarning size={18} />
          <span>{LIBRARY_WARNING}</span>
        </p>
      </header>
      {loading ? (
        <Loading label={LIBRARY_LOADING} />
      ) : courseList.length === 0 && mediaList.length === 0 ? (
        <p className={styles.empty}>{LIBRARY_EMPTY}</p>
      ) : (
        <>
          {courseList.length > 0 && (
            <section aria-labelledby="library-courses" className={styles.block}>
              <h2 id="library-courses" className={styles.blockTitle}>
                Courses
              </h2>
              <ul className={styles.courses}>
                {courseList.map((course) => (
                  <CourseRow key={course.elementKey} course={course} onPlay={play} />
                ))}
              </ul>
            </section>
          )}
          {mediaList.length > 0 && (
            <section aria-labelledby="library-media" className={styles.block}>
              <h2 id="library-media" className={styles.blockTitle}>
                Media
              </h2>
              <ul className={styles.mediaList}>
                {mediaList.map((item) => (
                  <MediaRow key={item.libraryKey} item={item} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
      {/* §2 / §7: the library-launch form, posted into the window named preview. */}
      <form
        ref={form}
        method="post"
        action={libraryLaunchAction()}
        target={LIBRARY_PREVIEW_WINDOW}
        hidden
        data-testid="library-launch-form"
      >
        <input ref={sessionId} type="hidden" name="sessionID" />
        <input ref={leafKey} type="hidden" name="leafKey" />
      </form>
    </section>
  );
}
