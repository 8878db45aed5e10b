/**
 * The import rules that keep the architecture honest:
 * - `core/` imports nothing from `plugins/`, `config/` or `desktop/`;
 * - a plugin (`plugins/<kind>/<name>/`) imports only `core/`, its own folder, its own kind's
 *   `_shared/` and the runtime-wide `plugins/_shared/` (small helpers several kinds need: query
 *   parameters, cookies' names...); never another plugin, never another kind's `_shared/`, never
 *   the test kit;
 * - a preset (`plugins/presets/`) imports only `core/` and plugins, and no plugin imports a preset;
 * - the statistics (`stats/`) import only their own folder: no package, no `node:` module, so
 *   that the editor's renderer and a browser can load them as they are.
 * Checked by a unit test over the whole tree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** One import that breaks a rule. */
export interface BoundaryViolation {
  file: string;
  specifier: string;
  rule: string;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Module specifiers a source text imports or re-exports (static, side-effect and dynamic imports). */
export const importsOf = (source: string): string[] =>
  [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3]).filter(Boolean);

/** Where a file sits: `core`, a plugin (`plugins/<kind>/<name>`), a kind's `_shared`, or elsewhere. */
const placeOf = (path: string) => {
  const parts = path.split('/');
  if (parts[0] === 'core') return { area: parts[1] === 'testing' ? 'testing' : 'core' } as const;
  // plugins/presets/: ordered plugin lists a snippet build takes whole; they import plugins, none imports them.
  if (parts[0] === 'plugins' && parts[1] === 'presets') return { area: 'presets' } as const;
  if (parts[0] === 'plugins' && parts.length >= 3) return { area: 'plugins', kind: parts[1], unit: parts[2] } as const;
  return { area: parts[0] } as const;
};

/** Checks one file's imports; `file` and the result paths are relative to `root`, with forward slashes. */
export const checkFile = (root: string, file: string, source: string): BoundaryViolation[] => {
  const from = placeOf(file);
  const violations: BoundaryViolation[] = [];
  const stats = file.startsWith('stats/');
  for (const specifier of importsOf(source)) {
    if (stats && !specifier.startsWith('./')) {
      violations.push({ file, specifier, rule: 'stats/ imports only its own folder' });
      continue;
    }
    if (!specifier.startsWith('.')) continue; // packages are allowed; their cost shows in the size budget
    const target = relative(root, resolve(root, dirname(file), specifier)).split(sep).join('/');
    const to = placeOf(target);
    const add = (rule: string) => violations.push({ file, specifier, rule });
    if (from.area === 'core' && to.area !== 'core') add('core/ imports only core/');
    if (from.area === 'presets' && to.area !== 'core' && to.area !== 'plugins' && to.area !== 'presets') add('presets import only core/ and plugins/');
    if (from.area === 'plugins') {
      if (to.area === 'core') continue;
      if (to.area === 'presets') add('plugins do not import presets');
      else if (to.area === 'testing') add('plugins do not import the test kit');
      else if (to.area !== 'plugins') add('plugins import only core/, their own folder and their kind\'s _shared/');
      else if (to.kind === '_shared') continue; // plugins/_shared/: runtime helpers every kind may use
      else if (to.kind !== from.kind) add(`plugin of kind "${from.kind}" imports from kind "${to.kind}"`);
      else if (to.unit !== from.unit && to.unit !== '_shared') add(`plugin "${from.kind}/${from.unit}" imports plugin "${to.kind}/${to.unit}"`);
    }
  }
  return violations;
};

const sources = (root: string, dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(root, path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });

/** Every violation in `core/`, `plugins/` and `stats/` under `root`. */
export const checkBoundaries = (root: string): BoundaryViolation[] =>
  ['core', 'plugins', 'stats'].flatMap((dir) => sources(root, dir)).flatMap((file) => checkFile(root, file, readFileSync(join(root, file), 'utf8')));
