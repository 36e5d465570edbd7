import { createLogger, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import path from 'node:path';
import { panelShell } from './build/panel-shell.ts';
import { contentServiceWorker } from './build/content-sw-plugin.ts';
import { signedInPages } from './build/signed-in-pages.ts';
import { paths } from './src/lib/paths.ts';

const courseDetails = 'src/features/course-details/course-details-page.tsx';

// Vite's CSS-modules step inlines the rules a `composes: x from './other.module.css'` brings in
// without a source file, and its url() rewriter then warns, once per build, that "a PostCSS plugin
// did not pass the `from` option" (seen for library.module.css composing page.module.css). No
// PostCSS plugin of ours is involved, and no composed file holds a url() to rewrite, so that one
// line is dropped; every other warning is printed as before.
const POSTCSS_FROM_WARNING = 'did not pass the `from` option to `postcss.parse`';
// A custom logger replaces the one the CLI's --logLevel sets up (npm start builds with warn).
const cliLogLevel = process.argv.find((_arg, index, all) => all[index - 1] === '--logLevel');
const logger = createLogger(
  cliLogLevel === 'silent' || cliLogLevel === 'error' || cliLogLevel === 'warn'
    ? cliLogLevel
    : 'info',
);
const warnOnce = logger.warnOnce.bind(logger);
const shell = panelShell();

// The brand and page colours of packages/ui's tokens.css (--wp-color-brand, --wp-color-page).
const BRAND = '#0b3d91';
const PAGE = '#f4f6fa';
logger.warnOnce = (message, options) => {
  if (!message.includes(POSTCSS_FROM_WARNING)) warnOnce(message, options);
};

// In development the API and lesson content come from the server on :8080 (npm run dev).
export default defineConfig({
  customLogger: logger,
  plugins: [
    react(),
    // The signed-in addresses whose page the server can send with its chunks preloaded (ADR 0012):
    // each with the module router.tsx renders for it.
    signedInPages({
      layout: 'src/app/layout/signed-in-layout.tsx',
      pages: {
        [paths.dashboard]: 'src/features/dashboard/dashboard-page.tsx',
        [paths.dashboardCourse]: courseDetails,
        [paths.assignments]: 'src/features/assignments/assignments-page.tsx',
        [paths.assignmentsCourse]: courseDetails,
        [paths.report]: 'src/features/report/report-page.tsx',
        [paths.library]: 'src/features/library/library-page.tsx',
        [paths.drafts]: 'src/features/drafts/drafts-page.tsx',
        [paths.draftsCourse]: courseDetails,
      },
    }),
    // The installable panel (docs/decisions/0024 "Install and app links"): the web app manifest
    // and a Workbox service worker (sw.js) that precaches the panel's app shell. The panel
    // registers it itself (src/app/service-worker.ts): no inline script under the CSP.
    VitePWA({
      strategies: 'generateSW',
      // A new version takes over at once (skipWaiting, clientsClaim) but nothing reloads the page:
      // a student mid-page keeps it, and the next page load is the new version.
      registerType: 'autoUpdate',
      injectRegister: false,
      // The icons are in the glob below already.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Waypoint',
        short_name: 'Waypoint',
        description: 'Your training: assignments, lessons, completion report and library.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND,
        background_color: PAGE,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // The shell: the page, its icons, and of the hashed assets only what index.html reaches
        // (shell.has): never player.html, the player's chunks, the signed-in pages or a
        // content-origin worker.
        globPatterns: [
          'index.html',
          'favicon.svg',
          'icons/*.png',
          'assets/*.{js,css,woff2,woff,svg,png,webp}',
        ],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter(
              (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url),
            ),
            warnings: [],
          }),
        ],
        // The three.js scene of the login page's background is the largest chunk (about 0.5 MB).
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        navigateFallback: null,
        // No navigateFallback: that would answer every page from the cache. Pages come from the
        // network as before (a signed-in page with its preloads, ADR 0012); only when the network
        // fails is the precached index.html the answer, so a reload offline shows the panel. The
        // server's own pages and the other apps are left alone; API calls never reach a route here
        // (the panel keeps its data itself), so none of them is cached.
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(lms|console|player|content|player-api|ssosaml2bridge|verify)(\/|$)/.test(
                url.pathname,
              ),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
      },
    }),
    shell.plugin,
    // The content origin's service worker, built from this build's manifest once it is written
    // (docs/decisions/0024): dist/content-sw.js.
    contentServiceWorker(),
    // Brotli and gzip copies of every text asset, beside it: the server sends the best one the
    // browser accepts without compressing on each request (ADR 0012).
    compression({
      include: /\.(html|js|css|svg|json|txt|xml|webmanifest)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // The shared packages' sources, compiled with the app: the domain (entry and contract) and the UI.
    alias: [
      {
        find: /^@waypoint\/domain$/,
        replacement: path.resolve(import.meta.dirname, '../../packages/domain/src/index.ts'),
      },
      {
        find: /^@waypoint\/domain\/contract$/,
        replacement: path.resolve(
          import.meta.dirname,
          '../../packages/domain/src/contract/index.ts',
        ),
      },
      // The UI package's sources (tokens and components lifted out of the panel), each by its own
      // module (`@waypoint/ui/modal`): the chunks split as when they were the panel's own files.
      {
        find: /^@waypoint\/ui\/(.+)$/,
        replacement: `${path.resolve(import.meta.dirname, '../../packages/ui/src')}/$1`,
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/lms': 'http://localhost:8080', '/ssosaml2bridge': 'http://localhost:8080' },
  },
  // The manifest lets bench/web-bundle.mjs measure each route's initial JavaScript.
  build: {
    outDir: 'dist',
    sourcemap: true,
    assetsInlineLimit: 0,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Two pages: the panel (index.html) and the lesson player (player.html, ADR 0007), which the
    // server sends for /player/{launchId} on the content origin. rolldownOptions is Vite 8's name
    // for rollupOptions.
    rolldownOptions: {
      // The contract's TypeBox schemas are for the server; the panel uses only its paths and
      // types. Marking the schema builders pure lets unused schemas fall out of the bundle.
      treeshake: {
        manualPureFunctions: ['Type', 'Text', 'EncodedText', 'errorResponses', 'defineCall'],
      },
      // A build on a busy machine printed a plugin-timings notice into `npm start`'s first run;
      // it measures the bundler, not the panel, so it stays off.
      checks: { bundlerTimings: false },
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        player: path.resolve(import.meta.dirname, 'player.html'),
        // The offline bridge page (docs/decisions/0024), served at /player/offline on the content
        // origin; the content service worker is built after this (vite.content-sw.config.ts).
        offline: path.resolve(import.meta.dirname, 'offline.html'),
      },
      output: {
        // React in a chunk of its own: left to itself the bundler puts it in one chunk with
        // everything the panel and the player share (SCORM rules, contract paths), which every
        // panel address would then load and run before its first render (ADR 0012).
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
