/**
 * The parts a snippet loads on demand (plugins/_shared/parts.ts): each part is a script of its own, built
 * by the same pipeline as the snippet (esbuild, terser, no eval) and written beside it as
 * `<snippet>.<name>.js`, so the services (and any host of the snippet) serve it from the snippet's own
 * address. A part registers its exports in the page's part registry when it runs; the snippet's stand-in
 * of that code (swapped in at build time, {@link PART_STUBS}) fetches it the first time it is needed.
 *
 * Parts do not depend on the project: each is bundled once per process and written beside every snippet
 * that may ask for it.
 */
import { dirname, join } from 'node:path';
import { CACHE_DIR, cachedBuild } from './build-cache';
import { bundleWithInputs, findUnsafeEval, measure, minifyHere, minifyOptions, type Sizes, writeOut } from './snippet';
import { SPECIALISED_OFF_STUBS } from './specialise';

/** A part loaded on demand. */
export interface PartDefinition {
  /** Its name: the registry key and the file name's suffix. */
  name: string;
  /** What it holds, for people (the bench prints it). */
  holds: string;
  /** Its entry module (source text, imports from the repository root); it calls `registerPart`. */
  entry: string;
  /** Whether a snippet fitted to its project can ask for it (a fitted snippet refuses `load`, so never validates). */
  fitted: boolean;
  /**
   * Built with the part stand-ins ({@link PART_STUBS}) as a snippet is: a plugin part reaches the behaviour
   * engine through the behavior part, not a copy of its own (the validate part brings the real code).
   */
  stubs?: boolean;
}

const registering = (name: string, imports: string[], exports: string) =>
  [`import { registerPart } from './plugins/_shared/parts';`, ...imports, `registerPart(window, ${JSON.stringify(name)}, ${exports});`].join('\n');

/**
 * The validate part's entry. The snippet carries the modules' project rules as stand-ins that report nothing
 * (their `validate-off.ts`, {@link PART_STUBS}), so this part brings the real ones and gives each module
 * plugin of the kernel its own rule, built as the module's index.ts builds it, before validating. The
 * validators run the behaviour matchers' checks, so it brings the behaviour engine too (registered only
 * when the behavior part is not there yet), and its full regex analysis serves the snippet's guard once it
 * is here (plugins/_shared/regex-on-demand.ts).
 */
const VALIDATE_ENTRY = `import { registerPart } from './plugins/_shared/parts';
import { prepareProject } from './core/project/prepare';
import { unsafeReason } from './core/project/regex';
import { engine } from './plugins/audience-matchers/_shared/behavior/engine';
import { pluginsRule as audiencesRule } from './plugins/modules/audiences/validate';
import { pluginsRule as changesRule } from './plugins/modules/changes/validate';
import { policyRule } from './plugins/modules/decisions/validate';
import { pagesRule } from './plugins/modules/pages/validate';
const rules = {
  audiences: audiencesRule,
  changes: changesRule,
  decisions: policyRule,
  pages: pagesRule,
};
const withRules = (plugins) => plugins.map((p) => (p && p.type === 'apiModule' && rules[p.name] ? { ...p, validate: rules[p.name] } : p));
registerPart(window, 'validate', { prepareProject: (input, plugins, log) => prepareProject(input, withRules(plugins), log), unsafeReason });
registerPart(window, 'behavior', engine);`;

/**
 * Plugins of the whole preset built as parts (plugins/_shared/stand-in.ts): the plugin's folder under
 * plugins/ and its stand-in, which a snippet that is not fitted carries instead ({@link PLUGIN_PART_STUBS}).
 * The part `<kind>-<folder>` (`matcher-location`) registers the module's default export, and is fetched
 * before init when the project's data names the plugin, or, for the preset's options that are off by default
 * (cross-domain storage, performance reporting), whenever the page has it (core/project/prepare-on-demand.ts). A fitted
 * snippet keeps the plugins its data names inline, so it never asks for these parts.
 *
 * Change appliers are not among them: a change can be applied without the data naming its type (a project
 * script's applyAction, custom code), and must apply while the snippet runs in <head> (the flicker guarantee,
 * the hero's hold of WID-63), which a stand-in waiting for its part would break.
 */
export const ON_DEMAND_PLUGINS: ReadonlyArray<{ folder: string; part: string; stub: string }> = [
  ...['location', 'time-and-day', 'list', 'segment', 'first-session', 'custom-attribute'].map((name) => [`audience-matchers/${name}`, `matcher-${name}`]),
  ['profile-providers/location', 'provider-location'],
  // The preset's options that are off by default, swapped in before init when a page's preset has them on.
  ['storage/cross-domain', 'storage-cross-domain'],
  ['trackers/rum', 'tracker-rum'],
  // Modules few pages use: feature values (when a variation has some), the preview (when its cookie is set).
  ['modules/features', 'module-features'],
  ['modules/preview', 'module-preview'],
].map(([folder, part]) => ({ folder, part, stub: `plugins/_shared/stand-ins/${part}.ts` }));

/**
 * Modules of the whole preset built as parts (not plugins): the module's repository path, its stand-in (same
 * exports, which fetches the part) and the part's name. The contextual bandit (prediction request, stored
 * predictions, attribute hash) is fetched before init when the data has an experiment using the bandit policy
 * (the decisions plugin says so, plugins/modules/decisions/cmab-part.ts). A fitted snippet keeps it inline
 * when its data uses it (plugins/presets/fit.ts drops it otherwise).
 */
export const ON_DEMAND_MODULES: ReadonlyArray<{ module: string; stub: string; part: string; holds: string; exports: string }> = [
  {
    module: 'plugins/modules/decisions/cmab.ts',
    stub: 'plugins/modules/decisions/cmab-part.ts',
    part: 'decisions-cmab',
    holds: 'the contextual bandit: prediction requests, stored predictions, attribute hash (data with a cmab experiment)',
    exports: 'createCmab',
  },
];

/** Every part, in the order the bench lists them. */
export const PARTS: readonly PartDefinition[] = [
  {
    name: 'validate',
    holds: 'the validators of data handed over by load: structural and module rules, regex analysis, behaviour checks',
    entry: VALIDATE_ENTRY,
    fitted: false,
  },
  {
    name: 'behavior',
    holds: 'the behaviour-query engine: behaviour conditions and visitor attributes computed by a rule',
    entry: registering('behavior', [`import { engine } from './plugins/audience-matchers/_shared/behavior/engine';`], 'engine'),
    fitted: true,
  },
  {
    name: 'qa-log',
    holds: 'the QA log\'s explanations of decisions, changes and events (varia_log=INFO)',
    entry: registering('qa-log', [`import { explainer } from './plugins/modules/qa-log/explain';`], '{ explainer }'),
    fitted: true,
  },
  ...ON_DEMAND_PLUGINS.map(({ folder, part }) => ({
    name: part,
    holds: `the ${folder} plugin, for a project whose data names it`,
    entry: registering(part, [`import plugin from './plugins/${folder}';`], 'plugin'),
    fitted: false,
    stubs: true,
  })),
  ...ON_DEMAND_MODULES.map(({ module, part, holds, exports }) => ({
    name: part,
    holds,
    entry: registering(part, [`import { ${exports} } from './${module.replace(/\.ts$/, '')}';`], `{ ${exports} }`),
    fitted: false,
  })),
];

/**
 * Modules every snippet builds from an on-demand stand-in (repository path -> repository path, same
 * exports), as the fitted stand-ins are (compiler/snippet.ts `bundle` takes both): in Node and in tests
 * the real module imports the code, in a snippet the stand-in loads it as a part. The `validate` part needs
 * none: the snippet entry's preparer asks for it (core/project/prepare-on-demand.ts).
 */
export const PART_STUBS: Readonly<Record<string, string>> = {
  'plugins/audience-matchers/_shared/behavior/access.ts': 'plugins/audience-matchers/_shared/behavior/access-part.ts',
  'core/project/regex.ts': 'plugins/_shared/regex-on-demand.ts',
  'plugins/modules/qa-log/access.ts': 'plugins/modules/qa-log/access-part.ts',
  // The modules' project rules: the validate part brings the real ones (VALIDATE_ENTRY).
  'plugins/modules/audiences/validate.ts': 'plugins/modules/audiences/validate-off.ts',
  'plugins/modules/changes/validate.ts': 'plugins/modules/changes/validate-off.ts',
  'plugins/modules/decisions/validate.ts': 'plugins/modules/decisions/validate-off.ts',
  'plugins/modules/pages/validate.ts': 'plugins/modules/pages/validate-off.ts',
};

/**
 * The stand-ins of {@link ON_DEMAND_PLUGINS}, for snippets that are not fitted (compiler/build.ts):
 * repository path of the plugin's module -> its stand-in.
 */
export const PLUGIN_PART_STUBS: Readonly<Record<string, string>> = Object.fromEntries(
  ON_DEMAND_PLUGINS.map(({ folder, stub }) => [`plugins/${folder}/index.ts`, stub]),
);

/** The stand-ins of {@link ON_DEMAND_MODULES}, for snippets that are not fitted: repository path -> stand-in. */
export const MODULE_PART_STUBS: Readonly<Record<string, string>> = Object.fromEntries(ON_DEMAND_MODULES.map(({ module, stub }) => [module, stub]));

/**
 * Every stand-in of a generic snippet of the whole preset (not fitted, not compiled): what the build, the
 * bench and the size budget use.
 */
export const WHOLE_PRESET_STUBS: Readonly<Record<string, string>> = { ...PART_STUBS, ...PLUGIN_PART_STUBS, ...MODULE_PART_STUBS, ...SPECIALISED_OFF_STUBS };

const codes = new Map<string, Promise<string>>();

/**
 * A part's code as it ships: from the build cache while its sources are unchanged (compiler/build-cache.ts;
 * a part is the same for every project), else bundled and minified; once per process either way. Throws
 * when it holds code a strict CSP forbids.
 */
export const partCode = (part: PartDefinition): Promise<string> => {
  let code = codes.get(part.name);
  if (!code) {
    const stubs = part.stubs ? PART_STUBS : {};
    code = cachedBuild(join(CACHE_DIR, 'parts', `${part.name}.json`), JSON.stringify({ entry: part.entry, stubs }), async () => {
      const bundled = await bundleWithInputs(part.entry, 'iife', stubs);
      const text = await minifyHere(bundled.code, minifyOptions('iife'));
      const unsafe = findUnsafeEval(text);
      if (unsafe) throw Error(`the ${part.name} part contains code a strict CSP forbids (${unsafe})`);
      return { code: text, inputs: bundled.inputs };
    });
    codes.set(part.name, code);
    code.catch(() => codes.delete(part.name));
  }
  return code;
};

/** The file of part `name` beside the snippet file `snippet` (`site.js` -> `site.<name>.js`). */
export const partFile = (snippet: string, name: string): string =>
  join(dirname(snippet), snippet.slice(dirname(snippet).length + 1).replace(/(\.js)?$/, `.${name}.js`));

/** A written part: its name, file and sizes. */
export interface BuiltPart {
  name: string;
  file: string;
  sizes: Sizes;
}

/** Writes beside `snippet` every part it may ask for (all of them, or those a fitted snippet can use). */
export const writeParts = async (snippet: string, fitted: boolean): Promise<BuiltPart[]> => {
  const written: BuiltPart[] = [];
  for (const part of PARTS) {
    if (fitted && !part.fitted) continue;
    const code = await partCode(part);
    const file = partFile(snippet, part.name);
    writeOut(file, code);
    written.push({ name: part.name, file, sizes: measure(code) });
  }
  return written;
};

/** Every part's sizes, as it ships (what the bench reports beside the snippet). */
export const measureParts = async (): Promise<Array<{ part: PartDefinition; sizes: Sizes }>> =>
  Promise.all(PARTS.map(async (part) => ({ part, sizes: measure(await partCode(part)) })));
