import { memo, type ReactNode } from 'react';
import { CertificateLink } from '../../components/certificate-link';
import { IconCalendar } from '../../components/curricula-icons';
import { IconAssignments, IconChevronDown } from '../../components/icons';
import type { CurriculumView } from './course-details-model';
import { lessonsText } from './lesson-count';
import styles from './course-details.module.css';

export interface CurriculumSectionProps {
  view: CurriculumView;
  rebrand: boolean;
  /** Drafts list several curricula: each header opens and closes its own table. */
  collapsible: boolean;
  open: boolean;
  onToggle: (id: string) => void;
  children: ReactNode;
}

/**
 * The top block of a curriculum (spec §2): 'Curriculum: {name}', the due date ('Due YYYY/MM/DD'
 * or 'Open Lessons') and '{n} Lessons' on separate lines in the classic theme, as 'due date:
 * count' in the rebrand; the classic theme's 'Expired Assignment' banner.
 */
export const CurriculumSection = memo(function CurriculumSection({
  view,
  rebrand,
  collapsible,
  open,
  onToggle,
  children,
}: CurriculumSectionProps) {
  const title = `Curriculum: ${view.name}`;
  const HeadingTag = collapsible ? 'h2' : 'h1';
  return (
    <article className={styles.curriculum} data-testid="curriculum" data-curriculum={view.name}>
      <header className={styles.curriculumHeader}>
        <div className={styles.curriculumTitleRow}>
          <span className={styles.curriculumIcon} aria-hidden="true">
            <IconAssignments size={22} />
          </span>
          <HeadingTag className={styles.curriculumTitle}>
            {collapsible ? (
              <button
                type="button"
                className={styles.curriculumToggle}
                aria-expanded={open}
                onClick={() => onToggle(view.id)}
              >
                {title}
                <IconChevronDown
                  size={18}
                  className={`${styles.chevron} ${open ? styles.chevronOpen : ''}`}
                />
              </button>
            ) : (
              title
            )}
          </HeadingTag>
          {/* A complete curriculum's certificate (§6). */}
          <CertificateLink
            url={view.curriculum.elementCertificateUrl}
            name={view.name}
            className={styles.curriculumCertificate}
          />
        </div>
        {rebrand ? (
          <p className={styles.topBlockInline} data-testid="top-block">
            <IconCalendar size={16} />
            {view.dueText}: {lessonsText(view.lessonCount)}
          </p>
        ) : (
          <div className={styles.topBlock} data-testid="top-block">
            <span className={`${styles.topDue} ${view.expired ? styles.topDueOver : ''}`}>
              <IconCalendar size={16} />
              {view.dueText}
            </span>
            <span className={styles.topCount}>{lessonsText(view.lessonCount)}</span>
          </div>
        )}
      </header>
      {!rebrand && view.expired && (
        <p className={styles.expiredBanner} role="note">
          Expired Assignment
        </p>
      )}
      {(!collapsible || open) && children}
    </article>
  );
});
