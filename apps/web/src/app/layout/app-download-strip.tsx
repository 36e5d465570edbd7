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
import { installPrompt, useInstallState, type InstallPrompt } from '../install-prompt';
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

/**
 * The 'App Download' strip: Windows, Apple and Google Play links (spec §1), as the LMS sets them,
 * and 'Install' where the browser can install the panel itself (docs/decisions/0024).
 */
export function AppDownloadStrip({ prompt = installPrompt() }: { prompt?: InstallPrompt }) {
  const install = useInstallState(prompt);
  const links = useQuery({
    queryKey: queryKeys.appDownloadLinks(),
    queryFn: async () => unwrap(await getAppDownloadLinks()),
    retry: false,
    staleTime: 60 * 60_000,
  });
  const shown = visibleAppLinks(Array.isArray(links.data) ? links.data : []);
  const canInstall = install === 'available';
  if (shown.length === 0 && !canInstall) return null;
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
          {canInstall && (
            <li>
              <button
                type="button"
                className={`${styles.link} ${styles.install}`}
                onClick={() => void prompt.install()}
              >
                <IconDownload size={18} />
                Install
              </button>
            </li>
          )}
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
