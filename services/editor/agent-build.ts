/**
 * Builds the editor agent script (Node only): an IIFE bundled by esbuild from desktop/agent/, the
 * runtime's change appliers and every widget plugin under plugins/widgets/ (each folder with an
 * index.ts; a default export that is a function is a factory and is called without options, as a
 * snippet build does). Used by the `/editor/agent.js` route (through {@link loadAgent}, cached on
 * disk).
 */
import { build } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CACHE_DIR, cachedBuild, type CacheableBuild } from '../../compiler/build-cache';

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

/**
 * A string the served agent carries in place of the editor's origin: the route that serves the script
 * replaces it with the origin of the editor of that services process (see {@link withEditorOrigin}).
 */
export const EDITOR_ORIGIN_SLOT = '__VARIA_EDITOR_ORIGIN__';

/** The agent's script with the editor's origin filled in: the only origin its channel will talk to. */
export const withEditorOrigin = (code: string, origin: string): string => code.split(JSON.stringify(EDITOR_ORIGIN_SLOT)).join(JSON.stringify(origin));

/** The generated entry: widgets imported, the agent started once the document is parsed. */
export const agentEntry = (widgets = widgetFolders()): string => {
  const lines = [`import { startAgent } from './desktop/agent/index';`];
  widgets.forEach((name, index) => lines.push(`import widget${index} from './plugins/widgets/${name}/index';`));
  const list = widgets.map((_, index) => `(typeof widget${index} == 'function' ? widget${index}() : widget${index})`);
  lines.push(
    `const script = document.currentScript;`,
    // The services that served this script also serve custom-code previews.
    `const base = script && script.src ? new URL(script.src).origin : location.origin;`,
    `const editorOrigin = ${JSON.stringify(EDITOR_ORIGIN_SLOT)};`,
    `const go = () => { try { startAgent([${list.join(', ')}], window, base, editorOrigin); } catch (error) { console.error('[Varia editor agent]', error); } };`,
    `if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go, { once: true }); else go();`,
  );
  return lines.join('\n');
};

/** The generated entry's name in esbuild's output (no such file: it is built from the widget folders). */
const ENTRY_NAME = 'editor-agent-entry.ts';

const bundle = async (): Promise<CacheableBuild> => {
  const result = await build({
    stdin: { contents: agentEntry(), resolveDir: ROOT, loader: 'ts', sourcefile: ENTRY_NAME },
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    metafile: true,
    // Input paths relative to the repository, as the cache stamps them, whatever the working directory.
    absWorkingDir: ROOT,
  });
  return { code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs).filter((input) => input !== ENTRY_NAME) };
};

/** Where the built agent is kept between runs of the services. */
export const AGENT_CACHE = join(CACHE_DIR, 'editor-agent.json');

/**
 * The minified agent, from the build cache when none of the sources it was built from changed (and the
 * widget folders are the same), otherwise built and cached (compiler/build-cache.ts). Opening a canvas
 * then never waits for a build after the first run.
 */
export const loadAgent = (cacheFile = AGENT_CACHE): Promise<string> => cachedBuild(cacheFile, widgetFolders().join(','), bundle);
