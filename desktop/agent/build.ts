/**
 * Builds the editor agent script (Node only): an IIFE bundled by esbuild from desktop/agent/, the
 * runtime's change appliers and every widget plugin under plugins/widgets/ (each folder with an
 * index.ts; a default export that is a function is a factory and is called without options, as a
 * snippet build does). Used by the `/editor/agent.js` route and the tests.
 */
import { build } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The widget plugin folders present now (plugins/widgets/<name>/index.ts; `_shared` excluded). */
export const widgetFolders = (): string[] => {
  const dir = join(ROOT, 'plugins/widgets');
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
};

/** The generated entry: widgets imported, the agent started once the document is parsed. */
export const agentEntry = (widgets = widgetFolders()): string => {
  const lines = [`import { startAgent } from './desktop/agent/index';`];
  widgets.forEach((name, index) => lines.push(`import widget${index} from './plugins/widgets/${name}/index';`));
  const list = widgets.map((_, index) => `(typeof widget${index} == 'function' ? widget${index}() : widget${index})`);
  lines.push(
    `const script = document.currentScript;`,
    // The services that served this script also serve custom-code previews.
    `const base = script && script.src ? new URL(script.src).origin : location.origin;`,
    `const go = () => { try { startAgent([${list.join(', ')}], window, base); } catch (error) { console.error('[Varia editor agent]', error); } };`,
    `if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true }); else go();`,
  );
  return lines.join('\n');
};

/** Bundles the agent; minified unless `minify` is false. */
export const buildAgent = async (minify = true): Promise<string> => {
  const result = await build({
    stdin: { contents: agentEntry(), resolveDir: ROOT, loader: 'ts', sourcefile: 'editor-agent-entry.ts' },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
};
