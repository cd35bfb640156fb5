/**
 * Builds the web app into `dist/app` (hashed assets under `assets/`, which the server serves with
 * immutable caching). `@piecework/client` and `@piecework/shared` resolve to their sources, so the
 * app needs no prior package build and is tree-shaken with them. `vite` (dev) proxies `/api` to a
 * server on `PIECEWORK_API` (default http://localhost:3000). The embed SDK's script-tag bundle is
 * built into it as `sdk/piecework-embed.js` (`build/embed-sdk-script.ts`).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { embedSdkScript } from './build/embed-sdk-script';

const packages = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react(), embedSdkScript()],
  resolve: {
    alias: [
      { find: /^@piecework\/client$/, replacement: `${packages}client/src/index.ts` },
      { find: /^@piecework\/shared$/, replacement: `${packages}shared/src/index.ts` },
    ],
  },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // zod's sources carry comments in positions Rollup reports and drops; nothing to act on.
      onwarn(warning, warn) {
        if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
      },
    },
  },
  server: {
    proxy: { '/api': process.env.PIECEWORK_API ?? 'http://localhost:3000' },
  },
});
