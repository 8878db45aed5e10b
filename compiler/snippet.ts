/**
 * The snippet pipeline: one project (data + plugins + custom code as real functions) bundled with the
 * kernel into one IIFE, minified, and measured. Used by `npm run build:snippet(s)`, the size budget test
 * and the benchmarks, so all three measure the same thing.
 */
import { build, type Plugin } from 'esbuild';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { aroundOwnPlugins, type JsonPluginRef, refName, resolvePluginRef } from './plugin-refs';

export type { JsonPluginRef } from './plugin-refs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { minify, type MinifyOptions } from 'terser';

/** The repository root. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where built snippets go. */
export const SNIPPET_DIR = join(ROOT, 'dist/snippets');
/** Browsers the snippet supports: ES2020 (optional chaining, nullish coalescing). */
const TARGET = 'es2020';

/** Sizes of a built file in bytes. */
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Measures code as it goes over the wire: raw, gzip (level 9) and brotli (quality 11). */
export const measure = (code: string | Uint8Array): Sizes => {
  const bytes = typeof code === 'string' ? Buffer.from(code) : Buffer.from(code);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * {@link measure} off the main thread (zlib's thread pool, gzip and brotli at once): for a server that
 * measures what it builds (brotli at quality 11 takes a few hundred milliseconds on a snippet).
 */
export const measureAsync = async (code: string): Promise<Sizes> => {
  const bytes = Buffer.from(code);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  return { raw: bytes.length, gzip: gzipped.length, brotli: brotli.length };
};

/**
 * A module's stand-in in a build: a repository file with the same exports, or source text the build
 * generates (a page part's reader, compiler/page-parts.ts), whose imports resolve from the repository root.
 */
export type Stub = string | { readonly contents: string };

/** Stand-ins of a build: repository path of the module -> its {@link Stub}. */
export type Stubs = Readonly<Record<string, Stub>>;

/** The esbuild plugins that build each module of `stubs` (repository paths) from its stand-in. */
export const stubPlugins = (stubs: Stubs): Plugin[] => {
  const replaced = new Map(Object.entries(stubs).map(([module, stub]) => [join(ROOT, module), stub]));
  if (!replaced.size) return [];
  const load = (path: string) => {
    const stub = replaced.get(path);
    if (stub === undefined) return undefined;
    if (typeof stub !== 'string') return { contents: stub.contents, loader: 'ts' as const, resolveDir: ROOT };
    const file = join(ROOT, stub);
    return { contents: readFileSync(file, 'utf8'), loader: 'ts' as const, resolveDir: dirname(file) };
  };
  return [{ name: 'fitted-stubs', setup: (on) => void on.onLoad({ filter: /\.ts$/ }, ({ path }) => load(path)) }];
};

/** A minifier: terser's `minify` in this thread ({@link minifyHere}) or in a worker (compiler/minify-thread.ts). */
export type Minifier = (code: string, options: MinifyOptions) => Promise<string>;

/**
 * terser's options for every snippet and size measure. One compress pass, without joining statements
 * into comma sequences: against two passes with sequences, terser takes half the time or less (it
 * was 2 s of the homepage publish's 2.6 s) and the homepage snippet is 0.25% smaller in gzip (the whole
 * preset 0.15% and the example project 0.5% larger; the kernel the same). Measured with interleaved runs.
 */
export const minifyOptions = (format: 'iife' | 'esm'): MinifyOptions => ({
  ecma: 2020,
  module: format === 'esm',
  compress: { passes: 1, sequences: false, pure_getters: true, unsafe_arrows: true },
  mangle: true,
  format: { comments: false },
});

/** terser in this thread. */
export const minifyHere: Minifier = async (code, options) => (await minify(code, options)).code ?? code;

/**
 * esbuild's half of {@link bundle}: the entry given as source text (imports resolve from the repository
 * root) bundled into one file, types stripped, minified by esbuild (or not, for a `--pretty` build).
 */
export const bundleOnly = async (contents: string, format: 'iife' | 'esm' = 'iife', stubs: Stubs = {}): Promise<string> =>
  (await bundleWithInputs(contents, format, stubs)).code;

/** {@link bundleOnly}, also answering the repository files the bundle was made from (for build-cache.ts). */
export const bundleWithInputs = async (
  contents: string, format: 'iife' | 'esm' = 'iife', stubs: Stubs = {}, minify = true,
): Promise<{ code: string; inputs: string[] }> => {
  const result = await build({
    plugins: stubPlugins(stubs),
    stdin: { contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'snippet-entry.ts' },
    bundle: true,
    format,
    target: TARGET,
    platform: 'browser',
    // A project's imports of this package by name (`varia`, `varia/plugins/...`) bundle its TypeScript
    // sources, the same modules the entry imports, rather than the built copy in dist/lib.
    conditions: ['source'],
    minify,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    metafile: true,
    // Input paths relative to the repository, whatever the working directory.
    absWorkingDir: ROOT,
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => input !== 'snippet-entry.ts' && !input.includes(':'));
  // A module built from a stand-in file is listed under its own path: the stand-in's file is an input too.
  const standIns = inputs.map((input) => stubs[input]).filter((stub): stub is string => typeof stub === 'string');
  return { code: result.outputFiles[0].text, inputs: [...inputs, ...standIns] };
};

/**
 * Bundles an entry module given as source text (imports resolve from the repository root) and minifies
 * it. esbuild bundles and strips types; terser then compresses further, which matters at this size.
 * `stubs` (repository path -> repository path) builds a module from another file: the stand-ins of a
 * fitted snippet (plugins/presets/fit.ts). `minifier` only says where terser runs (the editor's
 * services keep one warm in a worker): the code is the same wherever it runs.
 */
export const bundle = async (
  contents: string, format: 'iife' | 'esm' = 'iife', stubs: Stubs = {}, minifier: Minifier = minifyHere,
): Promise<string> => minifier(await bundleOnly(contents, format, stubs), minifyOptions(format));

/** An import specifier for a repository file, usable in a generated entry. */
const spec = (file: string) => './' + relative(ROOT, file).split('\\').join('/');

/** Import lines and plugin expressions for plugin references (see {@link JsonPluginRef}), resolved from `projectFile`. */
const pluginImports = (refs: readonly JsonPluginRef[], projectFile: string = join(ROOT, 'project')): { lines: string[]; uses: string[] } => {
  const lines: string[] = [];
  const uses: string[] = [];
  refs.forEach((ref, index) => {
    lines.push(`import plugin${index} from ${JSON.stringify(spec(resolvePluginRef(refName(ref), projectFile)))};`);
    // A default export that is a function is a factory: it gets the options (or none) and returns the plugin.
    const options = JSON.stringify(typeof ref === 'string' ? {} : ref.options ?? {});
    uses.push(`(typeof plugin${index} == 'function' ? plugin${index}(${options}) : plugin${index})`);
  });
  return { lines, uses };
};

/**
 * The entry's imports: the boot, and the preparer of its built data. A snippet fitted to its project
 * (`"plugins": { "preset": "standard" }`) gets `prepareFitted`, which leaves the validators out and
 * refuses data from `load`; any other gets `prepareOnDemand`, which validates data from `load` with the
 * validators loaded on demand (the `validate` part beside the snippet, compiler/snippet-parts.ts).
 */
const bootImports = (fitted: boolean) => [
  `import { boot } from './core/boot';`,
  ...(fitted
    ? [`import { prepareFitted as prepare } from './core/project/prepare-fitted';`]
    : [
        `import { prepareOnDemand } from './core/project/prepare-on-demand';`,
        `import { loadPart } from './plugins/_shared/parts';`,
        `const prepare = (data) => prepareOnDemand(data, (name) => loadPart(window, name));`,
      ]),
];

/**
 * The entry module of a project's snippet. A `.ts` project default-exports `defineProject({ data,
 * plugins })`; a `.json` project is `{ "data": {...}, "plugins": [JsonPluginRef...] }`, its plugins
 * resolved to `plugins/<kind>/<name>/index.ts` (default export: a plugin, or a factory taking options),
 * `fitted` when they are the standard preset fitted to its data. Snippets are built only once their
 * project is valid (see build-snippet.ts), so a snippet's own data skips validation at start.
 * `specialised`, the code compiler/specialise.ts generated for the project (a compiled snippet), goes in
 * as the `specialised` module's plugin, before the project's own plugins.
 */
export const snippetEntry = (
  projectFile: string, jsonPlugins?: readonly JsonPluginRef[], fitted = false, presetRefs?: readonly JsonPluginRef[], specialised?: string,
): string => {
  const lines = [...bootImports(fitted), `import project from ${JSON.stringify(spec(projectFile))};`];
  const own: string[] = [];
  if (specialised !== undefined) {
    lines.push(`import specialised from './plugins/modules/specialised';`, `const generated = ${specialised};`);
    own.push('specialised(project.data, generated)');
  }
  const ownPlugins = [...own, '...(project.plugins ?? [])'];
  // A project's bootstrap (core/define.ts) decides whether and with what the runtime starts.
  const run = (name: string) => `const start = (p = ${name}) => boot(p, { prepare: prepare(p.data) });\n${name}.bootstrap ? ${name}.bootstrap({ project: ${name}, win: window, start }) : start();`;
  if (presetRefs) {
    // A TypeScript project on the fitted standard preset: its own plugins go in before the preset's pages module.
    const plugins = pluginImports(presetRefs, projectFile);
    const [before, after] = aroundOwnPlugins(plugins.uses);
    lines.push(...plugins.lines, `const fitted = { ...project, plugins: [${[...before, ...ownPlugins, ...after].join(', ')}] };`, run('fitted'));
    return lines.join('\n');
  }
  if (!jsonPlugins) {
    if (!own.length) lines.push(run('project'));
    else lines.push(`const compiled = { ...project, plugins: [${ownPlugins.join(', ')}] };`, run('compiled'));
    return lines.join('\n');
  }
  const plugins = pluginImports(jsonPlugins, projectFile);
  lines.push(...plugins.lines, `boot({ data: project.data, plugins: [${[...own, ...plugins.uses].join(', ')}] }, { prepare: prepare(project.data) });`);
  return lines.join('\n');
};

/** Options of {@link inlineSnippetEntry}. */
export interface InlineEntryOptions {
  /** The plugin references are the standard preset fitted to the data (see {@link snippetEntry}). */
  fitted?: boolean;
  /** Runs once every module's top-level code has run, just before the kernel boots. */
  before?: string;
  /** Runs once boot returns. */
  after?: string;
}

/**
 * The entry of a snippet whose (already validated) data is given inline, with its plugin references.
 * The benchmarks mark times with `before` and `after`.
 */
export const inlineSnippetEntry = (data: unknown, refs: readonly JsonPluginRef[], options: InlineEntryOptions = {}): string => {
  const plugins = pluginImports(refs);
  return [
    ...bootImports(!!options.fitted),
    ...plugins.lines,
    options.before ?? '',
    `const data = ${JSON.stringify(data)};`,
    `boot({ data, plugins: [${plugins.uses.join(', ')}] }, { prepare: prepare(data) });`,
    options.after ?? '',
  ].join('\n');
};

/** What a snippet build produced. */
export interface SnippetBuild {
  projectId: string;
  file: string;
  sizes: Sizes;
  /** The page parts written beside it (compiler/page-parts.ts): a page loads the snippet and the ones it includes. */
  pageParts?: Array<{ name: string; file: string; sizes: Sizes }>;
  /** A compiled snippet's generated code: how many of its audiences and pages have some (compiler/specialise.ts). */
  specialised?: { audiences: { generated: number; total: number }; pages: { generated: number; total: number } };
}

/** Folders whose sub-folders each hold one project: real projects, then the test fixtures. */
export const PROJECT_ROOTS = ['config', 'tests/fixtures/projects'] as const;

/**
 * Every project file: `config/<project>/project.ts` (or `.json`), the projects a site ships, and
 * `tests/fixtures/projects/<project>/project.ts`, the fixtures the end-to-end tests run (built with
 * the others so the services serve them). `roots` narrows the folders searched.
 */
export const projectFiles = (roots: readonly string[] = PROJECT_ROOTS): string[] =>
  roots
    .map((root) => join(ROOT, root))
    .filter(existsSync)
    .flatMap((dir) =>
      readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => ['project.ts', 'project.json'].map((name) => join(dir, entry.name, name))),
    )
    .filter(existsSync);

/** Writes code to a file, creating its folder. */
export const writeOut = (file: string, code: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, code);
};

/** The kernel alone, minified as it ships inside every snippet: what the 3 KB gzip budget measures. */
export const measureKernel = async (): Promise<Sizes> =>
  measure(await bundle(`export { createKernel } from './core/kernel';`, 'esm'));

/**
 * The whole standard preset with no project data, as the size budget and the bench measure it: every
 * plugin of `standardPreset()` and the preparer a non-fitted snippet has, as the snippet itself ships. The
 * parts it loads on demand (the validators of data given to `load`...) are measured on their own
 * (compiler/snippet-parts.ts).
 */
export const WHOLE_PRESET_ENTRY = [
  ...bootImports(false),
  `import { standardPreset } from './plugins/presets/standard';`,
  `const data = { projectId: 'p', accountId: 'a', layers: [] };`,
  `boot({ data, plugins: standardPreset() }, { prepare: prepare(data) });`,
].join('\n');

/**
 * The first line of every project snippet: V8's explicit compile hint (Chromium 136 and later), which has
 * every function of the script compiled with the script itself (off the main thread while an external
 * script streams in, and kept in its code cache) rather than one by one at its first call. A snippet runs
 * most of its code in its first run, so each lazy compile would parse its function a second time; on the
 * changes bench's first view (a fresh browser context, nothing cached) the fitted snippet reached its
 * changes in 57 ms instead of 83 ms (load average 15, medians of 20 interleaved loads). Other engines
 * read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Code the snippet must never contain, so it runs under a strict Content-Security-Policy. */
export const findUnsafeEval = (code: string): string | undefined =>
  [/\beval\s*\(/, /\bnew\s+Function\s*\(/, /\bFunction\s*\(\s*["'`]/, /setTimeout\s*\(\s*["'`]/].find((pattern) => pattern.test(code))
    ?.source;
