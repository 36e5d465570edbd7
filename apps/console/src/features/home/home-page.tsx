import { Link } from 'react-router';
import { useStaff } from '../../api/session';
import styles from './home-page.module.css';

/** A section the person may use: its address and name (app/console-routes.tsx). */
export interface HomeSection {
  path: string;
  label: string;
}

/**
 * The page after sign-in: who is signed in, their role, the students they see (their restriction
 * groups, or the whole LMS: §3 Permissions restrictionGroups) and the sections they may use.
 */
export default function HomePage({ sections }: { sections: readonly HomeSection[] }) {
  const me = useStaff();
  const scope = me.restrictionGroups;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Welcome, {me.user.displayName || me.user.userID}</h1>
      <section className={styles.card} aria-labelledby="home-you">
        <h2 id="home-you" className={styles.cardHeading}>
          Your access
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Signed in as</dt>
            <dd>
              {me.user.userID}
              {me.user.email && <span className={styles.muted}> ({me.user.email})</span>}
            </dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{me.role.name}</dd>
          </div>
          <div>
            <dt>Students you see</dt>
            <dd>
              {scope.length === 0 ? (
                'Whole LMS'
              ) : (
                <ul className={styles.groups} aria-label="Restriction groups">
                  {scope.map((group) => (
                    <li key={group}>{group}</li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <div>
            <dt>LMS</dt>
            <dd>
              {me.lms.name} <span className={styles.muted}>({me.lms.lmsCode})</span>
            </dd>
          </div>
        </dl>
      </section>
      <section className={styles.card} aria-labelledby="home-sections">
        <h2 id="home-sections" className={styles.cardHeading}>
          What you can do
        </h2>
        {sections.length === 0 ? (
          <p className={styles.muted}>
            Your role does not give you any sections of the console yet.
          </p>
        ) : (
          <ul className={styles.sections}>
            {sections.map((section) => (
              <li key={section.path}>
                <Link to={section.path} className={styles.sectionLink}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
