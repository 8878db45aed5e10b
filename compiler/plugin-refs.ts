/**
 * Where a plugin a project names is found. A JSON project (and a TypeScript project's fitted preset)
 * names plugins by reference: a built-in short name `kind/name` (`audience-matchers/url`:
 * plugins/<kind>/<name>/index.ts of this package), or a module specifier resolved from the project
 * file's folder, as an import in that file would be: a package (`@acme/varia-utm`, `my-plugins/badge`)
 * or a relative path (`./plugins/badge.ts`). The module's default export is the plugin, or a factory
 * taking the reference's options.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's root (not imported from ./snippet.ts, which imports this file). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A plugin named in a JSON project: a reference, or `{ "use": reference, "options": {...} }` for a factory. */
export type JsonPluginRef = string | { use: string; options?: unknown };

/** The name a reference uses. */
export const refName = (ref: JsonPluginRef): string => String(typeof ref === 'string' ? ref : ref?.use);

const builtIn = (name: string): string | undefined => {
  const file = join(ROOT, 'plugins', name, 'index.ts');
  return /^[a-z0-9-]+\/[a-z0-9-]+$/.test(name) && existsSync(file) ? file : undefined;
};

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** A relative path as an import would take it: as written, with an extension, or a folder's index. */
const relativeFile = (base: string): string | undefined =>
  ['', '.ts', '.mts', '.js', '.mjs', '/index.ts', '/index.js'].map((end) => base + end).find(isFile);

/**
 * The file of the plugin `name` names, for a project in `projectFile` (see the file comment).
 *
 * @throws `Unknown plugin "<name>"` saying where it was looked for.
 */
export const resolvePluginRef = (name: string, projectFile: string): string => {
  const found = builtIn(name);
  if (found) return found;
  const from = dirname(resolve(projectFile));
  if (name.startsWith('.') || name.startsWith('/')) {
    const file = relativeFile(resolve(from, name));
    if (file) return file;
  } else if (name) {
    try {
      // Node's resolution from the project's folder: its node_modules, the package's `exports`.
      return createRequire(join(from, 'project-file')).resolve(name);
    } catch {
      // Reported below with the other misses.
    }
  }
  throw new Error(`Unknown plugin "${name}": neither a built-in plugin (kind/name, as plugins/<kind>/<name>/ of this package) nor a module found from ${from}`);
};

/**
 * The order a project's own plugins take among the standard preset's: before `modules/pages`, which runs
 * the activation sequence and calls the others, so it is registered last. Answers the references before
 * the own plugins, and those after.
 */
export const aroundOwnPlugins = <R extends JsonPluginRef>(refs: readonly R[]): [before: R[], after: R[]] => {
  const pages = refs.findIndex((ref) => refName(ref) === 'modules/pages');
  return pages < 0 ? [[...refs], []] : [refs.slice(0, pages), refs.slice(pages)];
};
