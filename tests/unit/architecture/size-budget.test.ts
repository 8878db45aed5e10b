import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadProject, snippetCode } from '../../../compiler/build';
import { pagePartCode } from '../../../compiler/page-parts';
import { IN_LANGUAGE_LOCALES } from '../../../config/homepage/layers/in-language';
import { ROOT, bundle, findUnsafeEval, measure, measureKernel, snippetEntry, WHOLE_PRESET_ENTRY } from '../../../compiler/snippet';
import { measureParts, partCode, WHOLE_PRESET_STUBS } from '../../../compiler/snippet-parts';

/** The kernel's budget: 3 KB gzip, minified as it ships inside every snippet. */
const KERNEL_GZIP_BUDGET = 3 * 1024;

/**
 * The whole standard preset with no project data (WHOLE_PRESET_ENTRY, built with the on-demand parts'
 * stand-ins as every snippet is), gzip: what every page loads. The target is 20 KB (20,480 B), not reached;
 * the budget is what is reached with a little room, so a regression fails while the target is worked
 * towards. 2026-11-25: 55,838 B with everything inside; 42,913 B once the validators of `load` data (with
 * the modules' rules and the regex analysis), the behaviour-query engine and the QA log's explanations
 * became parts loaded on demand; later the same day 43,205 B with the tree's other changes, 39,720 B once
 * the rarely used audience matchers, the location provider, cross-domain storage, performance reporting,
 * the features and preview modules became plugin parts (stand-ins in the snippet), 38,785 B once the
 * contextual bandit became the decisions-cmab part, and 37,883 B on 2026-11-29 once the trackers, pages,
 * visitor, storage and decisions modules were written tighter; 38,342 B on 2026-12-02 with the refusal of
 * `load` data that cannot be a project and the part loader's Trusted Types policy; on 2026-12-02, 38,494 B
 * once changes of one element stack (the later wins, no fight) and an html change follows edits inside its
 * markup (peer parity with dom-mutator's cases), 38,547 B once the runtime waits with `await` rather than
 * the page's `Promise.prototype.then` (a page that breaks it no longer switches the runtime off), and
 * 38,928 B with ruling 24's exposure records (the decisions module's check of every variation's changes
 * and selectors, the tracker's once-per-visitor record), 39,000 B once every wait of the runtime went
 * through `await` and plugin name clashes were refused; 39,033 B on 2026-12-03 once the part loader gave
 * its address to a registry a page part made before the snippet ran (39,024 B before); 39,056 B on
 * 2026-12-03 once the pages module could ask a compiled snippet's generated code for a page's conditions
 * (issue 42: the question's call stays in the generic snippet, 23 B; the budget rose by as much). Lower it
 * as the preset shrinks.
 */
const WHOLE_PRESET_GZIP_BUDGET = 39_063;

/**
 * Each part loaded on demand (compiler/snippet-parts.ts), gzip, as measured on 2026-11-25 with a little
 * room: they are loaded only by the pages that need them, so they are held apart from the snippet, not
 * forgotten.
 */
const PART_GZIP_BUDGETS: Record<string, number> = {
  // 15,300 B on 2026-12-02 once the regex guard counted the paths of alternatives in sequence, built bounded
  // repetitions as loops for its ambiguity check and folded case beyond ASCII, and a url_regex tag was checked.
  validate: 15_500,
  // 8,186 B on 2026-12-02: it carries the regex guard too (see validate).
  behavior: 8_300,
  // The QA log names the selector of a change that timed out and warns of an unknown forced variation.
  'qa-log': 1_700,
  // The audience matchers a snippet of the whole preset loads when its data names them (each repeats the
  // part registry, with the check on whose address a part's own parts are found beside, and, for
  // custom_attribute, the value matchers and the behaviour engine's loader).
  'matcher-location': 1_300,
  'matcher-time-and-day': 1_200,
  'matcher-list': 1_150,
  'matcher-segment': 950,
  'matcher-first-session': 900,
  'matcher-custom-attribute': 4_000,
  'provider-location': 1_200,
  // The preset's options that are off by default: cross-domain storage and performance reporting.
  'storage-cross-domain': 2_000,
  'tracker-rum': 2_300,
  // Modules few pages use: feature values, the preview cookie's reader (703 B on 2026-12-03 with the loader's
  // address given to a registry a page part made).
  'module-features': 710,
  'module-preview': 700,
  // The contextual bandit (prediction request, stored predictions, attribute hash), for data with a cmab experiment.
  'decisions-cmab': 2_300,
};

/**
 * GrowthBook's bundle for the homepage project's experiments with the same widget code and settings
 * (`npm run bench -- snippet`, "GrowthBook + widgets"), recorded on 2026-11-25: 40,407 B gzip. Without
 * the widgets, GrowthBook's bundle was 15,268 B.
 */
const GROWTHBOOK_WITH_WIDGETS_GZIP = 40_407;
/**
 * The homepage snippet's budget, gzip, as `npm run build:snippets` builds it (fitted, with its stand-ins).
 * The target is at most GROWTHBOOK_WITH_WIDGETS_GZIP, not reached: on 2026-11-25, 60,882 B (1.51x; 61,315 B
 * before the audience matchers' checks, the regex guard's regexProblem and the pages module's audience
 * leaf and DOM-ready fallback left fitted snippets; 62,769 B before the stand-ins for the URL rules other
 * than regex, the async changes' script loader, the visitor id locator, the value matchers' range and
 * comparisons and version comparison; 64,134 B before the relay, holdback, page-tag and activation-code
 * stand-ins and the site-only hero counters left the snippet; 68,868 B before the first fitted
 * stand-ins); 60,096 B on 2026-11-29 once the trackers, pages, controls, visitor, storage and decisions
 * modules were written tighter; 60,820 B on 2026-12-02 once the homepage carried the QA log (so that
 * `?varia_log=INFO` explains the real project, not only a fixture) and the bootstrap's preview of the
 * working copy; 61,423 B on 2026-12-02 with ruling 24's exposure records (see the whole preset's budget),
 * 61,583 B with the stacked changes of one element and the runtime waiting with `await`, 61,640 B once the
 * widgets declared whether they replace or insert next to their region (the editor's conflict check reads it),
 * 61,707 B once every wait of the runtime went through `await`, 61,746 B once widgets waited for the parser
 * to finish their region and `observeSelector` ended at its deadline by the clock (both found by CI);
 * 57,587 B once each in-language locale's copy became a page part its own page includes (4,159 B, the
 * other eight locales' copy, that no page used); 57,604 B on 2026-12-04 with the pages module's question to
 * a compiled snippet's generated code (issue 42, 17 B; the compiled homepage snippet is measured in the
 * README). This is what the `/` page loads at start: it includes no page part. The budget holds that figure
 * with a little room until the target is met.
 */
const HOMEPAGE_GZIP_BUDGET = 57_620;

/**
 * The compiled snippets' budgets, gzip (`npm run build:snippet -- <project> --compiled`, issue 42). The
 * target is to be smaller than the generic snippet of the same project, not reached: on 2026-12-04 the
 * compiled homepage was 58,308 B and the example 30,237 B with each condition written twice (in the data
 * and in the generated code); 58,224 B and 30,244 B once the generated code read its conditions from the
 * data. The rest of the gap is the code the compiled build adds (the specialised module and the modules'
 * questions to it, 275 B on the homepage, 236 B on the example) and the generated code itself, while the
 * interpreter stays for data started at run time (README, "The compiled snippet"). The budgets hold these
 * figures with a little room, so the compiled build cannot grow unnoticed while it closes the gap.
 */
const COMPILED_GZIP_BUDGETS: Record<string, number> = { homepage: 58_240, example: 30_260 };

/**
 * Each page part of the homepage (one locale's copy, config/homepage/site/copy/locale-copy.ts), gzip: a
 * locale page loads it beside the snippet. 708 to 933 B on 2026-12-03 (Japanese the largest).
 */
const HOMEPAGE_PAGE_PART_GZIP_BUDGET = 1_050;

describe('size budget and strict CSP', () => {
  it('the kernel alone is at most 3 KB gzip', async () => {
    const sizes = await measureKernel();
    expect(sizes.gzip).toBeLessThanOrEqual(KERNEL_GZIP_BUDGET);
  });

  it('the whole standard preset (no project data) stays within its budget (target 20 KB gzip)', async () => {
    const sizes = measure(await bundle(WHOLE_PRESET_ENTRY, 'iife', WHOLE_PRESET_STUBS));
    expect(sizes.gzip).toBeLessThanOrEqual(WHOLE_PRESET_GZIP_BUDGET);
  }, 120_000);

  it('each part the preset loads on demand stays within its budget, and holds no eval', async () => {
    const parts = await measureParts();
    expect(parts.map(({ part }) => part.name).sort()).toEqual(Object.keys(PART_GZIP_BUDGETS).sort());
    for (const { part, sizes } of parts) {
      expect(sizes.gzip, `the ${part.name} part`).toBeLessThanOrEqual(PART_GZIP_BUDGETS[part.name]);
      expect(findUnsafeEval(await partCode(part))).toBeUndefined();
    }
  }, 120_000);

  it('the homepage snippet stays within its budget (target: under GrowthBook with the same experiments and widgets)', async () => {
    const sizes = measure(await snippetCode(join(ROOT, 'config/homepage/project.ts')));
    expect(sizes.gzip, `homepage snippet (target: at most GrowthBook + widgets, ${GROWTHBOOK_WITH_WIDGETS_GZIP} B)`).toBeLessThanOrEqual(HOMEPAGE_GZIP_BUDGET);
  }, 120_000);

  for (const [project, budget] of Object.entries(COMPILED_GZIP_BUDGETS)) {
    it(`the compiled ${project} snippet stays within its budget (target: under the generic one)`, async () => {
      const file = join(ROOT, `config/${project}/project.ts`);
      const compiled = measure(await snippetCode(file, { compiled: true }));
      // The generic snippet, the target, is built only to be named when the budget is broken.
      const generic = compiled.gzip > budget ? `${measure(await snippetCode(file)).gzip} B` : 'not built';
      expect(compiled.gzip, `compiled ${project} snippet (generic: ${generic})`).toBeLessThanOrEqual(budget);
    }, 120_000);
  }

  it('HPC-35 HPC-45 HPC-46 each locale page part of the homepage stays within its budget, and holds no eval', async () => {
    const file = join(ROOT, 'config/homepage/project.ts');
    const parts = (await loadProject(file)).pageParts ?? [];
    expect(parts.map((part) => part.name).sort()).toEqual(IN_LANGUAGE_LOCALES.map((locale) => `copy-${locale}`).sort());
    for (const part of parts) {
      const code = await pagePartCode(part);
      expect(measure(code).gzip, `the ${part.name} page part`).toBeLessThanOrEqual(HOMEPAGE_PAGE_PART_GZIP_BUDGET);
      expect(findUnsafeEval(code)).toBeUndefined();
    }
  }, 120_000);

  it('a built snippet holds no eval or Function constructor, so it runs under a strict CSP', async () => {
    const code = await bundle(snippetEntry(join(ROOT, 'config/example/project.ts')));
    expect(code.length).toBeGreaterThan(1000);
    expect(findUnsafeEval(code)).toBeUndefined();
  });

  it('the CSP check catches the forms it forbids', () => {
    for (const bad of ['eval("1")', 'x=new Function("a","return a")', 'Function("return this")()', "setTimeout('go()',1)"]) {
      expect(findUnsafeEval(bad)).toBeDefined();
    }
    expect(findUnsafeEval('const evaluate=()=>1;evaluate()')).toBeUndefined();
  });
});
