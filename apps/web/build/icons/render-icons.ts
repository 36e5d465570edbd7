/**
 * Renders the panel's install icons (the web app manifest's, vite.config.ts) from the SVGs beside
 * this file into apps/web/public/icons/, with the system Chromium. Run once after changing an SVG
 * (`npx tsx apps/web/build/icons/render-icons.ts`); the PNGs are committed, the build only copies them.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumLaunchOptions } from '../../../../e2e/chromium.ts';

const here = import.meta.dirname;
const out = path.resolve(here, '../../public/icons');
const renders = [
  { svg: 'icon.svg', size: 192, file: 'icon-192.png' },
  { svg: 'icon.svg', size: 512, file: 'icon-512.png' },
  { svg: 'icon-maskable.svg', size: 512, file: 'icon-maskable-512.png' },
  // iOS ignores the manifest's icons: apple-touch-icon, full-bleed (iOS rounds the corners itself).
  { svg: 'icon-maskable.svg', size: 180, file: 'apple-touch-icon.png' },
];

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const { svg, size, file } of renders) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const source = readFileSync(path.join(here, svg), 'utf8');
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(out, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
