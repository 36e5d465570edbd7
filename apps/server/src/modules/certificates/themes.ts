/**
 * The certificate themes (spec §7 'static files themes/certificate[/{theme}]/certificate.html and
 * .css'): the default theme is themes/certificate/ itself, every other one a folder below it with
 * the same two files. theme.json beside them gives its name and the colours of its PDF.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_THEME = 'default';

/** apps/server/themes/certificate (from src/ in development and dist/ when built alike). */
export const THEMES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../themes/certificate',
);

export interface ThemeInfo {
  name: string;
  label: string;
  /** PDF colours, #rrggbb. */
  pdf: { ink: string; accent: string; muted: string; paper: string };
}

const THEME_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/** The folder holding a theme's files, or null for a theme that does not exist. */
export function themeDir(theme: string): string | null {
  if (theme === DEFAULT_THEME) return THEMES_DIR;
  if (!THEME_NAME.test(theme)) return null;
  const dir = path.join(THEMES_DIR, theme);
  return existsSync(path.join(dir, 'certificate.html')) &&
    existsSync(path.join(dir, 'certificate.css'))
    ? dir
    : null;
}

let cached: ThemeInfo[] | null = null;

/** Every installed theme, the default first. */
export function listThemes(): ThemeInfo[] {
  if (cached) return cached;
  const names = [
    DEFAULT_THEME,
    ...readdirSync(THEMES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && themeDir(entry.name) !== null)
      .map((entry) => entry.name)
      .sort(),
  ];
  cached = names.map((name) => {
    const info = JSON.parse(readFileSync(path.join(themeDir(name)!, 'theme.json'), 'utf8')) as Omit<
      ThemeInfo,
      'name'
    >;
    return { name, label: info.label, pdf: info.pdf };
  });
  return cached;
}

/** A theme's information; the default theme's when the name is not installed (any more). */
export function themeInfo(theme: string): ThemeInfo {
  const themes = listThemes();
  return themes.find((info) => info.name === theme) ?? themes[0]!;
}
