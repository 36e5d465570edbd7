import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// In development the API and lesson content come from the server on :8080 (npm run dev).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@waypoint/domain': path.resolve(import.meta.dirname, '../../packages/domain/src/index.ts'),
    },
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
    // Two pages: the panel (index.html) and the lesson player (player.html, issue 5), which the
    // server sends for /player/{launchId} on the content origin. rolldownOptions is Vite 8's name
    // for rollupOptions.
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        player: path.resolve(import.meta.dirname, 'player.html'),
      },
    },
  },
});
