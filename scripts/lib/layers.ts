/**
 * The layers of the editor and the services, and the import graph they are checked on (the runtime's
 * own rules are in boundaries.ts). Each area may import only the areas below it:
 *
 *   desktop/main, desktop/preload ──> desktop/shared (the IPC contract)
 *   desktop/renderer ──> editor-model, stats, core, plugins, desktop/shared, the agent's protocol
 *   desktop/agent ──> editor-model, core, plugins
 *   services ──> compiler, editor-model, stats, config, core, plugins
 *   compiler ──> core, plugins          editor-model ──> stats, core          stats ──> (itself)
 *
 * The renderer, the agent, the editor model and the statistics run in a browser: no `node:` module and
 * no `electron` there; only the main process and the preload import `electron`. And no area has an
 * import cycle inside it (dynamic and type-only imports count: a lazily loaded panel that imports its
 * host back is still a cycle). Checked by tests/unit/architecture/editor-layers.test.ts over the whole tree.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One import that breaks a rule. */
export interface LayerViolation {
  file: string;
  specifier: string;
  rule: string;
}

/** An import of a file: its specifier and whether it is type-only. */
interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

const IMPORT =
  /(?:^|[\s;])(import|export)\s+(type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Every import and re-export of a source text (static, side-effect and dynamic), with its type-only flag. */
export const importRefs = (source: string): ImportRef[] =>
  [...source.matchAll(IMPORT)].map((match) => ({ specifier: match[3] ?? match[4] ?? match[5], typeOnly: !!match[2] }));

/** The area a repository path belongs to: `desktop/<part>` or its top folder. */
export const areaOf = (path: string): string => {
  const [top, second] = path.split('/');
  return top === 'desktop' && second ? `desktop/${second}` : top;
};

/** What each area may import (relative imports), besides itself. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  'desktop/main': ['desktop/shared'],
  'desktop/preload': ['desktop/shared'],
  'desktop/shared': [],
  'desktop/renderer': ['desktop/shared', 'editor-model', 'stats', 'core', 'plugins'],
  'desktop/agent': ['editor-model', 'core', 'plugins'],
  'editor-model': ['stats', 'core'],
  stats: [],
  compiler: ['core', 'plugins'],
  services: ['compiler', 'editor-model', 'stats', 'config', 'core', 'plugins'],
};

/** Areas that run in a browser: no Node module, no Electron. */
const BROWSER = new Set(['desktop/renderer', 'desktop/agent', 'desktop/shared', 'editor-model', 'stats']);
/** Areas that may import Electron. */
const ELECTRON = new Set(['desktop/main', 'desktop/preload']);

/** The repository file a relative specifier names (`.ts`, `.tsx`, `.mjs`, an index), or undefined. */
const resolveFile = (root: string, from: string, specifier: string): string | undefined => {
  const base = resolve(root, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base.replace(/\.js$/, '.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split(sep).join('/');
  }
  return undefined;
};

/** Checks one file's imports against the layers; paths relative to `root`, with forward slashes. */
export const checkLayerFile = (root: string, file: string, source: string): LayerViolation[] => {
  const from = areaOf(file);
  const allowed = ALLOWED[from];
  if (!allowed) return [];
  const violations: LayerViolation[] = [];
  for (const { specifier, typeOnly } of importRefs(source)) {
    const add = (rule: string) => violations.push({ file, specifier, rule });
    if (!specifier.startsWith('.')) {
      if (BROWSER.has(from) && (specifier.startsWith('node:') || specifier === 'electron')) add(`${from} runs in a browser: no ${specifier}`);
      if (specifier === 'electron' && !ELECTRON.has(from) && !BROWSER.has(from)) add(`only desktop/main and desktop/preload import electron`);
      continue;
    }
    const target = relative(root, resolve(root, dirname(file), specifier)).split(sep).join('/');
    const to = areaOf(target);
    if (to === from || allowed.includes(to)) continue;
    // The agent's message protocol is shared by the agent and the renderer, its other end.
    if (from === 'desktop/renderer' && target.startsWith('desktop/agent/protocol')) continue;
    // The preload's API type is the renderer's view of the bridge (types only, erased at build).
    if (from === 'desktop/renderer' && to === 'desktop/preload' && typeOnly) continue;
    add(`${from} does not import ${to}`);
  }
  return violations;
};

/** Source files (`.ts`, `.tsx`) under a repository folder. */
export const sourcesUnder = (root: string, dir: string): string[] => {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourcesUnder(root, path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
};

/** The areas the layers cover. */
export const LAYER_DIRS = ['desktop', 'editor-model', 'stats', 'compiler', 'services'] as const;

/** Every layer violation under `root`. */
export const checkLayers = (root: string): LayerViolation[] =>
  LAYER_DIRS.flatMap((dir) => sourcesUnder(root, dir)).flatMap((file) => checkLayerFile(root, file, readFileSync(join(root, file), 'utf8')));

/** The import graph of `files` (relative paths): each file to the files of the set it imports. */
export const importGraph = (root: string, files: readonly string[]): Map<string, string[]> => {
  const set = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      importRefs(readFileSync(join(root, file), 'utf8'))
        .filter(({ specifier }) => specifier.startsWith('.'))
        .map(({ specifier }) => resolveFile(root, file, specifier))
        .filter((target): target is string => !!target && set.has(target)),
    ]),
  );
};

/** Every cycle a depth-first walk of the graph meets, as the files around it. */
export const findCycles = (graph: ReadonlyMap<string, readonly string[]>): string[][] => {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
};

/** The import cycles inside each area of the layers (an import into another area is no cycle of it). */
export const layerCycles = (root: string): string[][] => {
  const byArea = new Map<string, string[]>();
  for (const file of LAYER_DIRS.flatMap((dir) => sourcesUnder(root, dir))) byArea.set(areaOf(file), [...(byArea.get(areaOf(file)) ?? []), file]);
  return [...byArea.values()].flatMap((files) => findCycles(importGraph(root, files)));
};
