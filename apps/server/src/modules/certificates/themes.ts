/**
 * The certificate themes (spec §7 'static files themes/certificate[/{theme}]/certificate.html and
 * .css'): the default theme is themes/certificate/ itself, every other one a folder below it.
 * theme.json in each gives its name and the colours of its PDF. A theme either holds its own
 * certificate.html and .css, or extends another ("extends" in theme.json, docs/decisions/0011):
 * it is served the other theme's HTML with its own theme class, and the other theme's stylesheet
 * followed by its overrides.css, so it writes down only what differs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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

/** A folder's theme.json: its "extends", or null for a theme that stands alone. */
function baseOf(dir: string): string | null {
  const file = path.join(dir, 'theme.json');
  if (!existsSync(file)) return null;
  const { extends: base } = JSON.parse(readFileSync(file, 'utf8')) as { extends?: unknown };
  return typeof base === 'string' ? base : null;
}

/** The folder of a theme that stands alone with its own certificate.html and .css, or null. */
function standaloneDir(theme: string): string | null {
  if (theme !== DEFAULT_THEME && !THEME_NAME.test(theme)) return null;
  const dir = theme === DEFAULT_THEME ? THEMES_DIR : path.join(THEMES_DIR, theme);
  const own =
    existsSync(path.join(dir, 'certificate.html')) && existsSync(path.join(dir, 'certificate.css'));
  return own && (theme === DEFAULT_THEME || baseOf(dir) === null) ? dir : null;
}

/**
 * A theme's folder and the standalone theme it extends (null: none), or null for a theme that
 * does not exist. Only a standalone theme can be extended: no chains, so no loops.
 */
function resolveTheme(
  theme: string,
): { dir: string; base: { name: string; dir: string } | null } | null {
  const alone = standaloneDir(theme);
  if (alone !== null) return { dir: alone, base: null };
  if (!THEME_NAME.test(theme)) return null;
  const dir = path.join(THEMES_DIR, theme);
  const name = baseOf(dir);
  const baseDir = name === null ? null : standaloneDir(name);
  return name === null || baseDir === null ? null : { dir, base: { name, dir: baseDir } };
}

/** The folder holding a theme's files, or null for a theme that does not exist. */
export function themeDir(theme: string): string | null {
  return resolveTheme(theme)?.dir ?? null;
}

/**
 * A theme's certificate.html or .css as served, or null for a theme that does not exist. An
 * extending theme's HTML is its base's with the class wp-theme-{base} renamed wp-theme-{theme};
 * its stylesheet is its base's followed by its overrides.css.
 */
export async function readThemeFile(theme: string, kind: 'html' | 'css'): Promise<string | null> {
  const found = resolveTheme(theme);
  if (found === null) return null;
  const { dir, base } = found;
  if (base === null) return readFile(path.join(dir, `certificate.${kind}`), 'utf8');
  const text = await readFile(path.join(base.dir, `certificate.${kind}`), 'utf8');
  if (kind === 'html') return text.replaceAll(`wp-theme-${base.name}`, `wp-theme-${theme}`);
  const overrides = path.join(dir, 'overrides.css');
  return existsSync(overrides) ? `${text}\n${await readFile(overrides, 'utf8')}` : text;
}

/** The installed themes, read from disk on first use and kept by the instance (instance-state.ts). */
export interface ThemeCatalogue {
  /** Every installed theme, the default first. */
  list(): ThemeInfo[];
  /** A theme's information; the default theme's when the name is not installed (any more). */
  info(theme: string): ThemeInfo;
}

/** An instance's theme catalogue, not read yet. */
export function createThemeCatalogue(): ThemeCatalogue {
  let cached: ThemeInfo[] | null = null;
  const list = () => (cached ??= readThemes());
  return {
    list,
    info: (theme) => {
      const themes = list();
      return themes.find((info) => info.name === theme) ?? themes[0]!;
    },
  };
}

function readThemes(): ThemeInfo[] {
  const names = [
    DEFAULT_THEME,
    ...readdirSync(THEMES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && themeDir(entry.name) !== null)
      .map((entry) => entry.name)
      .sort(),
  ];
  return names.map((name) => {
    const info = JSON.parse(readFileSync(path.join(themeDir(name)!, 'theme.json'), 'utf8')) as Omit<
      ThemeInfo,
      'name'
    >;
    return { name, label: info.label, pdf: info.pdf };
  });
}
