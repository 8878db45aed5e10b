/**
 * Page parts at build time (the runtime's side is plugins/_shared/page-part.ts): a project module may
 * export `pageParts`, names of data only some of its pages need, each with the module that holds it
 * (its default export):
 *
 *     export const pageParts = { 'copy-de-de': './site/copy/page-parts/de-de.ts' };
 *
 * - Each is built by the snippet's pipeline (esbuild, terser, no eval) into a script of its own beside
 *   the snippet, `<snippet>.<name>.js` as the on-demand parts are, that registers the data under its name.
 * - In the snippet, the part's module is a stand-in that reads the registry: the project's code imports
 *   it as usual, and the data is not in the snippet. A page that needs it includes the part before the
 *   snippet (the README's "Pages that carry their own data").
 *
 * Written as a literal, the export is left out of the snippet with the rest of what the entry does not use.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { CACHE_DIR, cachedBuild } from './build-cache';
import { PARTS, partFile, type BuiltPart } from './snippet-parts';
import { bundleWithInputs, findUnsafeEval, measure, minifyHere, minifyOptions, ROOT, type Minifier, type Stub, writeOut } from './snippet';

/** What a project module exports as `pageParts`: part name -> its data's module, relative to the project file. */
export type PageParts = Readonly<Record<string, string>>;

/** A page part of a loaded project: its name and the absolute path of its data's module. */
export interface PagePart {
  name: string;
  file: string;
}

/**
 * A page part's name: lower-case letters, digits and `-`, at least two characters (so never one of the
 * registry's own keys), and not the name of an on-demand part.
 */
const NAME = /^[a-z][a-z0-9-]*[a-z0-9]$/;

/** The page parts a project module exports (none when it exports no `pageParts`); throws on a bad name or a missing module. */
export const pagePartsOf = (module: { pageParts?: unknown }, projectFile: string): PagePart[] => {
  const declared = module.pageParts;
  if (declared === undefined) return [];
  if (!declared || typeof declared !== 'object') throw Error(`${projectFile}: pageParts is { "<name>": "<module>" }`);
  return Object.entries(declared).map(([name, source]) => {
    if (!NAME.test(name) || PARTS.some((part) => part.name === name)) {
      throw Error(`${projectFile}: page part "${name}" needs a name of lower-case letters, digits and - that no on-demand part has`);
    }
    const file = typeof source === 'string' ? resolve(dirname(projectFile), source) : '';
    if (!file || !existsSync(file)) throw Error(`${projectFile}: page part "${name}" names a module that does not exist (${String(source)})`);
    return { name, file };
  });
};

const spec = (file: string) => './' + relative(ROOT, file).split('\\').join('/');

/** The snippet's stand-ins of the parts' modules: each reads its part from the registry (repository path -> generated source). */
export const pagePartStubs = (parts: readonly PagePart[]): Record<string, Stub> =>
  Object.fromEntries(
    parts.map(({ name, file }) => [
      relative(ROOT, file),
      { contents: `import { pagePart } from './plugins/_shared/page-part';\nexport default pagePart(window, ${JSON.stringify(name)});` },
    ]),
  );

/** The entry of a page part's own script: its data registered under its name. */
export const pagePartEntry = ({ name, file }: PagePart): string =>
  [
    `import { registerPagePart } from './plugins/_shared/page-part';`,
    `import data from ${JSON.stringify(spec(file))};`,
    `registerPagePart(window, ${JSON.stringify(name)}, data);`,
  ].join('\n');

const codes = new Map<string, Promise<string>>();

/**
 * A page part's code as it ships: from the build cache while its sources are unchanged (compiler/build-cache.ts),
 * else bundled and minified; once per process either way. Throws when it holds code a strict CSP forbids.
 */
export const pagePartCode = (part: PagePart, minifier: Minifier = minifyHere): Promise<string> => {
  const entry = pagePartEntry(part);
  let code = codes.get(entry);
  if (!code) {
    const cacheFile = join(CACHE_DIR, 'page-parts', `${relative(ROOT, part.file).replace(/[^A-Za-z0-9]+/g, '_')}.${part.name}.json`);
    code = cachedBuild(cacheFile, entry, async () => {
      const bundled = await bundleWithInputs(entry, 'iife');
      const text = await minifier(bundled.code, minifyOptions('iife'));
      const unsafe = findUnsafeEval(text);
      if (unsafe) throw Error(`the ${part.name} page part contains code a strict CSP forbids (${unsafe})`);
      return { code: text, inputs: bundled.inputs };
    });
    codes.set(entry, code);
    code.catch(() => codes.delete(entry));
  }
  return code;
};

/** Writes every page part beside `snippet` (`site.js` -> `site.<name>.js`); answers each one's file and sizes. */
export const writePageParts = async (snippet: string, parts: readonly PagePart[]): Promise<BuiltPart[]> => {
  const written: BuiltPart[] = [];
  for (const part of parts) {
    const code = await pagePartCode(part);
    const file = partFile(snippet, part.name);
    writeOut(file, code);
    written.push({ name: part.name, file, sizes: measure(code) });
  }
  return written;
};
