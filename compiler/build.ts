/**
 * The snippet build, as the command line (`npm run build:snippet`, scripts/build-snippet.ts) and the
 * editor's publish both run it. A JSON project names its plugins (`"plugins": ["kind/name", "@acme/plugin",
 * "./own.ts", { "use": ..., "options": {} }]`, see compiler/plugin-refs.ts) or the standard preset fitted to
 * its data (`"plugins": { "preset": "standard", "options": {} }`); a TypeScript project asks for the fitted
 * preset with `preset` beside its own `plugins` (core/define.ts).
 * A project is validated first (structural rules plus its plugins' rules); a project with errors is not
 * built. The output must contain no eval or Function constructor (strict CSP).
 */
import { readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProjectDefinition } from '../core/define';
import { formatProblem, normalizeProjectData, validateProject, type ProjectRule, type ValidationProblem } from '../core/project';
import { pluginClashes } from '../core/project/plugin-clashes';
import type { Plugin } from '../core/types';
import { fitStandardPreset, fittedStubs, type FittedPluginRef } from '../plugins/presets/fit';
import type { ProjectInput } from '../core/project/types';
import { aroundOwnPlugins, type JsonPluginRef, refName, resolvePluginRef } from './plugin-refs';
import { PART_STUBS, WHOLE_PRESET_STUBS, writeParts } from './snippet-parts';
import { pagePartsOf, pagePartStubs, writePageParts, type PagePart } from './page-parts';
import { SPECIALISED_OFF_STUBS, specialisedSource, type SpecialisedSummary } from './specialise';
import {
  SNIPPET_DIR,
  bundle,
  bundleWithInputs,
  COMPILE_HINT,
  findUnsafeEval,
  measure,
  projectFiles,
  snippetEntry,
  writeOut,
  type Minifier,
  type SnippetBuild,
  type Sizes,
  type Stub,
  type Stubs,
} from './snippet';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const formatSizes = (sizes: Sizes) => `raw ${kb(sizes.raw)}  gzip ${kb(sizes.gzip)}  brotli ${kb(sizes.brotli)}`;

/** A loaded project file: its definition, and for a JSON project its plugin references. */
export interface LoadedProject {
  project: ProjectDefinition;
  jsonPlugins?: unknown[];
  /** A TypeScript project's fitted standard preset (`preset`), as references; its own plugins go before `modules/pages`. */
  presetRefs?: FittedPluginRef[];
  /** The snippet runs this data only (see {@link snippetEntry}). */
  fitted?: boolean;
  /** The page parts its module exports (compiler/page-parts.ts): their data is read from the page, not carried. */
  pageParts?: PagePart[];
}

/** The plugins of references (see compiler/plugin-refs.ts), resolved from the project file and instantiated. */
const loadRefs = async (refs: readonly JsonPluginRef[], file: string): Promise<Plugin[]> => {
  const loaded: Plugin[] = [];
  for (const ref of refs) {
    const name = refName(ref);
    const module = await import(pathToFileURL(resolvePluginRef(name, file)).href);
    if (!module?.default) throw new Error(`${file}: plugin "${name}" has no default export (the plugin, or a factory taking its options)`);
    const options = typeof ref === 'string' ? {} : (ref.options ?? {});
    loaded.push(typeof module.default === 'function' ? module.default(options) : module.default);
  }
  return loaded;
};

/** Loads a project file: a `.ts` module's default export, or a `.json` file's `data` and plugin references. */
export const loadProject = async (file: string): Promise<LoadedProject> => {
  if (extname(file) === '.json') {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    if (!json || typeof json !== 'object' || !json.data) throw new Error(`${file}: a JSON project is { "data": {...}, "plugins": [...] }`);
    // `"plugins": { "preset": "standard", "options": {...} }`: the standard preset fitted to the data.
    const preset = json.plugins && !Array.isArray(json.plugins) && typeof json.plugins === 'object' ? json.plugins : undefined;
    if (preset && preset.preset !== 'standard') throw new Error(`${file}: the only preset is "standard", got ${JSON.stringify(preset.preset)}`);
    const plugins = preset ? fitStandardPreset(json.data, preset.options ?? {}) : Array.isArray(json.plugins) ? json.plugins : [];
    return { project: { data: json.data, plugins: await loadRefs(plugins, file) }, jsonPlugins: plugins, fitted: !!preset };
  }
  const module = await import(pathToFileURL(file).href);
  const project = module.default as ProjectDefinition | undefined;
  if (!project || typeof project !== 'object' || !project.data) {
    throw new Error(`${file}: the default export must be defineProject({ data, plugins })`);
  }
  if (project.preset) {
    if (project.preset.preset !== 'standard') throw new Error(`${file}: the only preset is "standard", got ${JSON.stringify(project.preset.preset)}`);
    const presetRefs = fitStandardPreset(project.data as ProjectInput, project.preset.options ?? {}, project.plugins ?? []);
    const [before, after] = aroundOwnPlugins(presetRefs);
    const plugins = [...(await loadRefs(before, file)), ...(project.plugins ?? []), ...(await loadRefs(after, file))];
    return { project: { ...project, plugins }, presetRefs, fitted: true, pageParts: pagePartsOf(module, file) };
  }
  return { project, fitted: project.fitted === true, pageParts: pagePartsOf(module, file) };
};

/** How a snippet is built. */
export interface SnippetOptions {
  /**
   * Compiled for its project (compiler/specialise.ts): the snippet carries code generated for its audiences
   * and pages, which the modules run before interpreting the data. Default: the generic snippet.
   */
  compiled?: boolean;
  /** Not minified, so the generated code can be read (a build to look at, not to ship). */
  pretty?: boolean;
}

/**
 * The stand-ins a loaded project's snippet is built with: the on-demand parts' (compiler/snippet-parts.ts),
 * a fitted snippet's own (it keeps inline the plugins a snippet of the whole preset loads as parts) or the
 * whole preset's, the readers of its page parts (compiler/page-parts.ts), and, unless it is compiled, the
 * modules' questions to generated code answering nothing.
 */
const stubsOf = (loaded: LoadedProject, compiled = false): Stubs => {
  const stubs: Record<string, Stub> = {
    ...PART_STUBS,
    ...(loaded.fitted ? fittedStubs(normalizeProjectData(loaded.project.data)) : WHOLE_PRESET_STUBS),
    ...SPECIALISED_OFF_STUBS,
    ...pagePartStubs(loaded.pageParts ?? []),
  };
  if (compiled) for (const module of Object.keys(SPECIALISED_OFF_STUBS)) delete stubs[module];
  return stubs;
};

/** The generated code of a loaded project (compiler/specialise.ts); throws when a page's URL pattern is refused by the guard. */
export const specialisedOf = (projectFile: string, loaded: LoadedProject): { source: string; summary: SpecialisedSummary } => {
  try {
    return specialisedSource(loaded.project.data);
  } catch (error) {
    throw new Error(`${projectFile}: ${(error as Error).message}`);
  }
};

/**
 * A project's snippet entry and stand-ins exactly as {@link buildSnippet} bundles them (without
 * validating): what the size budget test and the bench measure (`bundle(entry, 'iife', stubs)`).
 */
export const snippetParts = async (projectFile: string, options: SnippetOptions = {}): Promise<{ entry: string; stubs: Stubs }> => {
  const file = resolve(projectFile);
  const loaded = await loadProject(file);
  return entryOf(file, loaded, options);
};

const entryOf = (file: string, loaded: LoadedProject, options: SnippetOptions): { entry: string; stubs: Stubs } => {
  const specialised = options.compiled ? specialisedOf(file, loaded).source : undefined;
  return { entry: snippetEntry(file, loaded.jsonPlugins as never, loaded.fitted, loaded.presetRefs, specialised), stubs: stubsOf(loaded, options.compiled) };
};

/** A project's snippet code exactly as {@link buildSnippet} makes it, neither validated nor written. */
export const snippetCode = async (projectFile: string, options: SnippetOptions = {}): Promise<string> => {
  const { entry, stubs } = await snippetParts(projectFile, options);
  return COMPILE_HINT + (options.pretty ? (await bundleWithInputs(entry, 'iife', stubs, false)).code : await bundle(entry, 'iife', stubs));
};

/**
 * The runtime's validation of a loaded project: its plugin list (two of a kind under one name, unless the
 * later one is `replacing()`), structural rules and its plugins' rules.
 */
export const projectProblems = (project: ProjectDefinition): ValidationProblem[] => {
  const plugins = project.plugins ?? [];
  const rules = plugins.map((plugin) => plugin.validate).filter((rule): rule is ProjectRule => !!rule);
  return [...pluginClashes(plugins), ...validateProject(normalizeProjectData(project.data), { rules, plugins })];
};

/**
 * The snippet of a loaded project that has been validated: its entry bundled (with the fitted stand-ins
 * when it is fitted) and checked for code a strict CSP forbids. `projectFile` is the file `loaded` came
 * from (the entry imports it). The editor's publish calls this with the project it has validated
 * itself, and a minifier kept warm in a worker; the command line with terser in its own thread.
 */
export const snippetOf = async (projectFile: string, loaded: LoadedProject, minifier?: Minifier, options: SnippetOptions = {}): Promise<string> => {
  const file = resolve(projectFile);
  const { entry, stubs } = entryOf(file, loaded, options);
  const code = COMPILE_HINT + (options.pretty ? (await bundleWithInputs(entry, 'iife', stubs, false)).code : await bundle(entry, 'iife', stubs, minifier));
  const unsafe = findUnsafeEval(code);
  if (unsafe) throw new Error(`${projectFile}: the snippet contains code a strict CSP forbids (${unsafe})`);
  return code;
};

/** Validates and builds one project (generic, or compiled with `options`); throws with every problem when it is invalid. */
export const buildSnippet = async (projectFile: string, outFile?: string, options: SnippetOptions = {}): Promise<SnippetBuild> => {
  const file = resolve(projectFile);
  const loaded = await loadProject(file);
  const data = normalizeProjectData(loaded.project.data);
  const problems = projectProblems(loaded.project);
  for (const warning of problems.filter((problem) => problem.severity === 'warning')) console.warn(`warning: ${formatProblem(warning)}`);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length) {
    // The path as the caller gave it: relative to where they run the build, not to this package.
    throw new Error(`${projectFile} is invalid:\n${errors.map((problem) => `  - ${formatProblem(problem)}`).join('\n')}`);
  }
  const code = await snippetOf(file, loaded, undefined, options);
  const target = outFile ? resolve(outFile) : join(SNIPPET_DIR, `${data.projectId}.js`);
  writeOut(target, code);
  // The parts it loads on demand go beside it (compiler/snippet-parts.ts), and the parts a page includes before it.
  await writeParts(target, !!loaded.fitted);
  const pageParts = await writePageParts(target, loaded.pageParts ?? []);
  const specialised = options.compiled ? specialisedOf(file, loaded).summary : undefined;
  return { projectId: String(data.projectId), file: target, sizes: measure(code), pageParts, specialised };
};

/**
 * Builds every project (config/ and the test fixtures) and writes dist/snippets/sizes.json.
 * `onBuilt` hears of each snippet as soon as it is written, so a long build shows its progress.
 */
export const buildAllSnippets = async (onBuilt?: (built: SnippetBuild, index: number, total: number) => void): Promise<SnippetBuild[]> => {
  const builds: SnippetBuild[] = [];
  const files = projectFiles();
  for (const file of files) {
    const built = await buildSnippet(file);
    builds.push(built);
    onBuilt?.(built, builds.length, files.length);
  }
  // A page part's sizes under `<project>.<part>`, beside its snippet's.
  const sizes = Object.fromEntries(
    builds.flatMap((built) => [[built.projectId, built.sizes], ...(built.pageParts ?? []).map((part) => [`${built.projectId}.${part.name}`, part.sizes])]),
  );
  writeOut(join(SNIPPET_DIR, 'sizes.json'), JSON.stringify(sizes, null, 2) + '\n');
  return builds;
};
