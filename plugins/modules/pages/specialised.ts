/**
 * The pages module's question to the code a compiled snippet generated for its project (the `specialised`
 * module, plugins/modules/specialised/): the matcher of one of its own pages' conditions, given the current
 * URL, the pages module's URL helpers and its leaf for the conditions that are not URL conditions. A
 * generic snippet builds ./specialised-off.ts in its place (compiler/specialise.ts).
 */
import { MODULES, type PluginContext } from '../../../core';
import type { SpecialisedModule, UrlHelpers, Verdict } from '../../../core/kinds/specialised';
import type { PageDefinition } from '../../../core/project/types';
import { normalizeUrl, pathTexts, rooted, splitHost, withoutQuery } from './url-base';

/** Whether a page's conditions match, by its generated matcher; undefined when it has none (the module interprets them). */
export type SpecialisedPage = (page: PageDefinition, leaf: (condition: unknown) => Verdict) => boolean | undefined;

// normalizeUrl with its default host prefixes: the generated rules were normalised with them at build.
const HELPERS: UrlHelpers = { normalizeUrl: (url) => normalizeUrl(url), withoutQuery, splitHost, rooted, pathTexts };

/**
 * The generated page matchers of a pages module, reading the URL with `currentUrl`. None for a module with
 * host prefixes of its own: the generated rules hold values normalised with the default ones.
 */
export const specialisedPages = (ctx: PluginContext, hostPrefixes: readonly string[] | undefined, currentUrl: () => string): SpecialisedPage | undefined =>
  hostPrefixes
    ? undefined
    : (page, leaf) => {
        const matcher = ctx.get<SpecialisedModule>(MODULES.specialised)?.page(page);
        // Unknown does not match, as for interpreted conditions.
        return matcher && matcher(leaf, currentUrl(), HELPERS, page.staticConditions) === true;
      };
