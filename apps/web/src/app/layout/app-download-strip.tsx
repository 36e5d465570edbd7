import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { getAppDownloadLinks, unwrap, type AppDownloadLink } from '../../api';
import {
  IconApple,
  IconDownload,
  IconGooglePlay,
  IconWindows,
  type IconProps,
} from '../../components/icons';
import { queryKeys } from '../../api/query-keys';
import { safeWebAddress } from '../../components/support-links';
import styles from './app-download-strip.module.css';

/** Only links with willRender show (spec §7 AppDownload/GetLinks). */
export function visibleAppLinks(
  links: readonly AppDownloadLink[] | null | undefined,
): AppDownloadLink[] {
  return (links ?? []).filter((link) => Boolean(link.willRender) && safeWebAddress(link.link));
}

function platformIcon(label: string): ComponentType<IconProps> {
  const name = label.toLowerCase();
  if (name.includes('windows')) return IconWindows;
  if (name.includes('apple') || name.includes('ios')) return IconApple;
  if (name.includes('google') || name.includes('android')) return IconGooglePlay;
  return IconDownload;
}

/** The 'App Download' strip: Windows, Apple and Google Play links (spec §1). */
export function AppDownloadStrip() {
  const links = useQuery({
    queryKey: queryKeys.appDownloadLinks(),
    queryFn: async () => unwrap(await getAppDownloadLinks()),
    retry: false,
    staleTime: 60 * 60_000,
  });
  const shown = visibleAppLinks(Array.isArray(links.data) ? links.data : []);
  if (shown.length === 0) return null;
  return (
    <aside className={styles.strip} aria-labelledby="app-download-title">
      <div className={styles.inner}>
        <div className={styles.copy}>
          <span className={styles.badge}>
            <IconDownload size={18} />
          </span>
          <div>
            <h2 id="app-download-title" className={styles.title}>
              App Download
            </h2>
            <p className={styles.text}>Take your training with you, even offline.</p>
          </div>
        </div>
        <ul className={styles.links}>
          {shown.map((link) => {
            const Icon = platformIcon(link.label);
            return (
              <li key={link.label}>
                <a
                  className={styles.link}
                  href={link.link}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <Icon size={18} />
                  {link.label}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    </aside>
  );
}
