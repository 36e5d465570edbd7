import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import path from 'node:path';

const packages = path.resolve(import.meta.dirname, '../../packages');

// The staff console, served by the server at /console/ (platform/console-app.ts). In development
// the API comes from the server on :8080 (npm run dev -w @waypoint/console).
export default defineConfig({
  base: '/console/',
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset, beside it, as the panel's build makes them: the
    // server sends the best one the browser accepts (ADR 0012).
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
      { find: /^@waypoint\/domain$/, replacement: path.join(packages, 'domain/src/index.ts') },
      {
        find: /^@waypoint\/domain\/contract$/,
        replacement: path.join(packages, 'domain/src/contract/index.ts'),
      },
      {
        find: /^@waypoint\/domain\/staff$/,
        replacement: path.join(packages, 'domain/src/staff/index.ts'),
      },
      {
        find: /^@waypoint\/domain\/console-contract$/,
        replacement: path.join(packages, 'domain/src/contract/console/index.ts'),
      },
      { find: /^@waypoint\/ui$/, replacement: path.join(packages, 'ui/src/index.ts') },
      { find: /^@waypoint\/ui\/(.+)$/, replacement: `${path.join(packages, 'ui/src')}/$1` },
    ],
  },
  server: {
    port: 5174,
    proxy: { '/lms': 'http://localhost:8080', '/ssosaml2bridge': 'http://localhost:8080' },
  },
  // The manifest lets bench/web-bundle.mjs measure the login route's initial JavaScript.
  build: {
    outDir: 'dist',
    sourcemap: true,
    assetsInlineLimit: 0,
    manifest: true,
    rolldownOptions: {
      // The contract's TypeBox schemas are for the server; the console uses only its paths and
      // types, as the panel does (apps/web/vite.config.ts).
      treeshake: {
        manualPureFunctions: ['Type', 'Text', 'EncodedText', 'errorResponses', 'defineCall'],
      },
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
