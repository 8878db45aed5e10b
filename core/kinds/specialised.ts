/**
 * Code generated for one project at build time (a compiled snippet, compiler/specialise.ts): its audiences
 * as predicates and its pages' conditions as matchers, registered as the `specialised` module. The audiences
 * and pages modules ask it first and interpret the data when it has nothing: for an audience or a page that
 * is not one of the snippet's own (data handed over by `load`), or that could not be generated.
 */
import type { Audience, PageDefinition } from '../project/types';

/** A three-valued verdict: true, false, or null when it cannot tell (ruling 6). */
export type Verdict = boolean | null;

/**
 * An audience's leaf as the audiences module binds it for a condition (matcher found once, compiled, its
 * pending fields awaited, its errors reported): the generated predicate calls it.
 */
export type AudienceLeafBinder = (condition: unknown) => () => Verdict;

/** The pages module's URL helpers the generated page matchers use (plugins/modules/pages/url-base.ts). */
export interface UrlHelpers {
  /** The URL normalised for matching (URL-7..11). */
  normalizeUrl(url: string): string;
  /** A normalised URL without its query and hash. */
  withoutQuery(normalized: string): string;
  /** A normalised URL's host and the rest. */
  splitHost(normalized: string): [host: string, rest: string];
  /** A path with its leading slash, without query and hash. */
  rooted(path: string): string;
  /** The texts a `regex` rule starting with `^/` is tested on. */
  pathTexts(normalized: string, url: string): string[];
}

/**
 * A page's generated conditions: `leaf` answers a condition that is not a URL condition (the audiences
 * module), `url` is the current page URL, `conditions` the page's own `staticConditions` (the generated
 * code reads its audience conditions there).
 */
export type PageMatcher = (leaf: (condition: unknown) => Verdict, url: string, helpers: UrlHelpers, conditions: unknown) => Verdict;

/** An audience's generated code: its predicate over leaves bound by `leaf`, reading them in `conditions` (the audience's own). */
export type AudienceFactory = (leaf: AudienceLeafBinder, conditions: unknown) => () => Verdict;

/** The `specialised` module (`get('specialised')`). */
export interface SpecialisedModule {
  /** The generated predicate of `audience` over leaves bound by `leaf`, when it is one of the snippet's own audiences and was generated. */
  audience(audience: Audience, leaf: AudienceLeafBinder): (() => Verdict) | undefined;
  /** The generated matcher of `page`'s conditions, when it is one of the snippet's own pages and was generated. */
  page(page: PageDefinition): PageMatcher | undefined;
}
