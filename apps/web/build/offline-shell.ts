/**
 * The offline player's shell (docs/decisions/0024): the files the content service worker stores
 * at install so a lesson kept on the device plays without a connection. From the Vite manifest of
 * the main build: the player page's and the bridge page's entries with every chunk, stylesheet and
 * asset they import, statically or dynamically (the SCORM 1.2 and 2004 runtimes are dynamic
 * imports), walked recursively; plus the two pages' addresses, which the server answers with
 * player.html and offline.html (an HTML entry's manifest `file` is its script, not the page).
 */
import { createHash } from 'node:crypto';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

/** The manifest keys of the pages the shell is made of. */
export const SHELL_ENTRIES = ['player.html', 'offline.html'] as const;
/** Their addresses on the content origin (the player's offline page and the bridge). */
export const SHELL_PAGES = ['/player/offline/play', '/player/offline'] as const;

export interface OfflineShell {
  /** Every address to store, pages first, then files in a stable order. */
  urls: string[];
  /** A short hash of the list: the shell cache's name changes with it. */
  version: string;
}

export function offlineShell(manifest: ViteManifest, base = '/'): OfflineShell {
  const files = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no entry ${key}.`);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walk(next);
  };
  for (const entry of SHELL_ENTRIES) {
    if (!manifest[entry]?.isEntry) throw new Error(`The Vite manifest has no ${entry} entry.`);
    walk(entry);
  }
  const urls = [...SHELL_PAGES, ...[...files].sort().map((file) => `${base}${file}`)];
  const version = createHash('sha256').update(urls.join('\n')).digest('hex').slice(0, 12);
  return { urls, version };
}
