/**
 * Build of the desktop editor (`npm run build:desktop`): three Vite builds into
 * `out/`, side by side, as the main process expects them at run time.
 *
 * - main: `desktop/main/index.ts` -> `out/main/index.js` (ES module, the package's `main`).
 * - preload: `desktop/preload/index.ts` -> `out/preload/index.cjs`. CommonJS on
 *   purpose: the package is `"type": "module"`, so electron-vite would emit ESM,
 *   and Electron only runs ESM preloads with the sandbox off.
 * - renderer: `desktop/renderer/index.html` -> `out/renderer/`.
 *
 * The sources live in `desktop/`, not electron-vite's default `src/`, so every
 * entry is given explicitly.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = import.meta.dirname;
const fromRoot = (...segments: string[]): string => resolve(root, ...segments);

/**
 * Kept out of the main and preload bundles and loaded from node_modules at run time, as electron-vite
 * does for `dependencies`: the package's dependencies are only what its installers need (the snippet
 * build's), so the editor's own run-time packages are dev dependencies and named here.
 */
const EXTERNAL = { include: ['css-what', 'libsql', 'pg', 'tinybase', 'ws'] };

export default defineConfig({
  main: {
    build: {
      externalizeDeps: EXTERNAL,
      outDir: fromRoot('out/main'),
      rolldownOptions: {
        input: { index: fromRoot('desktop/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      externalizeDeps: EXTERNAL,
      outDir: fromRoot('out/preload'),
      rolldownOptions: {
        input: { index: fromRoot('desktop/preload/index.ts') },
        output: {
          format: 'cjs',
          entryFileNames: '[name].cjs',
        },
      },
    },
  },
  renderer: {
    root: fromRoot('desktop/renderer'),
    // Relative asset URLs: the same build loads from file:// in Electron and from /editor/ in web mode.
    base: './',
    plugins: [react()],
    build: {
      outDir: fromRoot('out/renderer'),
      // Minified like any shipped web app: the initial bundle is what web mode downloads.
      minify: true,
      rolldownOptions: {
        input: { index: fromRoot('desktop/renderer/index.html') },
      },
    },
  },
});
