import Markdown from 'react-markdown';
import { IconChevronDown } from '../../components/icons';
import { splitFaq } from './faq-sections';
import styles from './login-dialogs.module.css';

/**
 * The FAQ text: markdown without raw HTML, each level-2 heading a collapsible section. Loaded
 * lazily so the markdown parser is not part of the login route's initial JavaScript.
 */
export function FaqContent({ markdown }: { markdown: string }) {
  const { intro, sections } = splitFaq(markdown);
  return (
    <div className={styles.faq}>
      {intro && (
        <div className={styles.markdown}>
          <Markdown skipHtml>{intro}</Markdown>
        </div>
      )}
      {sections.map((section, index) => (
        <details key={`${index}-${section.heading}`} className={styles.faqSection}>
          <summary>
            <h3 className={styles.faqHeading}>{section.heading}</h3>
            <IconChevronDown size={18} className={styles.chevron} />
          </summary>
          <div className={styles.markdown}>
            <Markdown skipHtml>{section.body}</Markdown>
          </div>
        </details>
      ))}
    </div>
  );
}
