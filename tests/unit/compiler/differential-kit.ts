/**
 * Runs a project's audiences and pages both ways, the interpreter and the code compiler/specialise.ts
 * generates for it, over the same visitors and URLs, and writes down what each way answered: every
 * audience's three-valued verdict, which audiences match, every page's conditions and state after an
 * activation at each URL, and the errors and warnings the kernel reported. Two runs agree when their
 * transcripts are equal.
 */
import { runInThisContext } from 'node:vm';
import { definePlugin, type AudiencesModule, type PagesModule, type Plugin } from '../../../core';
import type { VisitorModule } from '../../../core/kinds/visitor';
import { bootKernel } from '../../../core/testing';
import { specialisedSource } from '../../../compiler/specialise';
import audiences from '../../../plugins/modules/audiences';
import pages from '../../../plugins/modules/pages';
import specialised, { type GeneratedCode } from '../../../plugins/modules/specialised';
import type { Seeded } from '../../support/seeded';

/** One visitor: the profile fields the providers give, the visitor module's state and the page's storage. */
export interface Visitor {
  /** Provider fields; a `{ pending: value }` is given as a promise settling to the value (or failing, for `{ pending: 'fail' }`). */
  profile: Record<string, unknown>;
  attributes: Record<string, { value: unknown; lastModified: number }>;
  segments: string[];
  events: unknown[];
  firstSession: boolean;
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
}

/** A project to run: its data and the audience matchers its snippet carries. */
export interface Subject {
  data: Record<string, unknown> & { audiences?: unknown; pages?: unknown };
  matchers: readonly Plugin[];
}

type Verdict = boolean | null;

/** What one way answered. */
export interface Transcript {
  audiences: Array<Record<string, Verdict | 'no answer'>>;
  matching: string[][];
  pages: Array<{ url: string; conditions: Record<string, boolean>; states: Record<string, string | null> }>;
  reports: string[];
  /** How many conditions the matchers were given that are not the data's own objects (a copy made by the build). */
  copies: number;
}

/** Every object inside the data's audience conditions and page conditions: what the interpreter hands the matchers. */
const conditionObjects = (data: Subject['data']): Set<unknown> => {
  const own = new Set<unknown>();
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object' || own.has(value)) return;
    own.add(value);
    if (Array.isArray(value)) value.forEach(walk);
  };
  for (const audience of Array.isArray(data.audiences) ? data.audiences : []) walk(audience?.conditions);
  for (const page of Array.isArray(data.pages) ? data.pages : []) walk(page?.staticConditions);
  return own;
};

/** `matcher` counting in `count` the conditions it is given that are not among `own`. */
const countingCopies = (matcher: Plugin, own: Set<unknown>, count: { copies: number }): Plugin => {
  const { match, compile } = matcher as Plugin & { match?: (condition: unknown, ...rest: unknown[]) => unknown; compile?: (condition: unknown, ...rest: unknown[]) => unknown };
  const seen = (condition: unknown) => void (own.has(condition) || count.copies++);
  return {
    ...matcher,
    ...(match && { match: (condition: unknown, ...rest: unknown[]) => (seen(condition), match.call(matcher, condition, ...rest)) }),
    ...(compile && { compile: (condition: unknown, ...rest: unknown[]) => (seen(condition), compile.call(matcher, condition, ...rest)) }),
  } as Plugin;
};

/** The generated code of `data`, evaluated as the snippet evaluates it (same realm, no wrapper but the expression). */
export const generatedCode = (data: Subject['data']): GeneratedCode => runInThisContext(specialisedSource(data).source) as GeneratedCode;

/** How often the compiled way ran generated code (audience predicates bound, page matchers called): a run that never did proves nothing. */
export interface Usage {
  audiences: number;
  pages: number;
}

/** `code` with its calls counted in `usage`. */
const counted = (code: GeneratedCode, usage: Usage): GeneratedCode => ({
  audiences: code.audiences.map((factory) => factory && ((leaf, conditions) => (usage.audiences++, factory(leaf, conditions)))),
  pages: code.pages.map((matcher) => matcher && ((leaf, url, helpers, conditions) => (usage.pages++, matcher(leaf, url, helpers, conditions)))),
});

const PROFILE_FIELDS = ['device', 'userAgent', 'location', 'time', 'sourceType', 'referrer', 'url', 'query', 'cookies', 'listKeys', 'localStorage', 'sessionStorage'];

/** The provider fields of a visitor, fresh (pending ones as new promises, storage as readers). */
const fieldsOf = (visitor: Visitor): Record<string, unknown> => {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(visitor.profile)) {
    const pending = value && typeof value === 'object' && 'pending' in value ? (value as { pending: unknown }).pending : undefined;
    fields[name] = pending === undefined ? value : pending === 'fail' ? Promise.reject(new Error('unavailable')) : Promise.resolve(pending);
  }
  fields.localStorage = (key: string) => visitor.localStorage[key];
  fields.sessionStorage = (key: string) => visitor.sessionStorage[key];
  return fields;
};

const memoryStorage = (items: () => Record<string, string>) => ({ getItem: (key: string) => items()[key] ?? null });

/** The activation types the pages of `data` use (immediate when absent). */
const activationTypes = (data: Subject['data']): string[] => [
  ...new Set(['immediate', ...(Array.isArray(data.pages) ? data.pages : []).map((page: { activationType?: string } | null) => page?.activationType ?? 'immediate')]),
];

/** Runs `subject` one way over `visitors` (audiences) and `urls` (pages, one activation per URL). */
export const observe = async (subject: Subject, visitors: readonly Visitor[], urls: readonly string[], compiled: boolean, usage: Usage = { audiences: 0, pages: 0 }): Promise<Transcript> => {
  let current = visitors[0];
  const win = {
    location: { href: urls[0] ?? 'https://example.com/' },
    localStorage: memoryStorage(() => current.localStorage),
    sessionStorage: memoryStorage(() => current.sessionStorage),
  };
  const conditions: Record<string, boolean> = {};
  // Every activation type watched the same way: the page's conditions written down, then an update as immediate pages have.
  const providers = activationTypes(subject.data).map((name) =>
    definePlugin({
      type: 'viewProvider',
      name,
      watch: (page, update, env) => {
        conditions[page.id] = env.conditionsMatch();
        update(true);
        return () => {};
      },
    }),
  );
  const visitorModule: Partial<VisitorModule> = {
    id: () => 'visitor-1',
    identify: () => true,
    mergeStoredVariationMaps: () => {},
    optedOut: () => false,
    attributes: () => current.attributes as never,
    segments: () => current.segments,
    behaviourEvents: () => current.events as never,
    isFirstSession: () => current.firstSession,
  };
  const own = conditionObjects(subject.data);
  const count = { copies: 0 };
  const plugins: Plugin[] = [
    audiences(),
    ...subject.matchers.map((matcher) => countingCopies(matcher, own, count)),
    definePlugin({ type: 'profileProvider', name: 'differential', fields: PROFILE_FIELDS, provide: () => fieldsOf(current) }),
    definePlugin({ type: 'apiModule', name: 'visitor', create: () => visitorModule }),
    pages(),
    ...providers,
    ...(compiled ? [specialised(subject.data, counted(generatedCode(subject.data), usage))] : []),
  ];
  // Not validated, as a built snippet's own data is not: it was validated when it was built.
  const t = bootKernel({ data: subject.data as never, plugins, win: win as never, validate: false, logLevel: 'WARN' });
  await t.settle();
  const module = t.get('audiences') as AudiencesModule;
  const ids = (Array.isArray(subject.data.audiences) ? subject.data.audiences : [])
    .map((audience: { id?: unknown } | null) => audience?.id)
    .filter((id: unknown): id is string => typeof id === 'string');
  const transcript: Transcript = { audiences: [], matching: [], pages: [], reports: [], copies: 0 };
  for (const visitor of visitors) {
    current = visitor;
    module.load();
    const verdicts: Record<string, Verdict | 'no answer'> = {};
    for (const id of ids) {
      // Three-valued through the public calls: true qualifies, false qualifies under `not`, unknown neither.
      const yes = await module.qualifies([id]);
      const no = await module.qualifies([['not', id]]);
      verdicts[id] = yes && no ? 'no answer' : yes ? true : no ? false : null;
    }
    transcript.audiences.push(verdicts);
    transcript.matching.push(await module.matching(ids));
  }
  const pagesModule = t.get('pages') as PagesModule;
  for (const [index, url] of urls.entries()) {
    current = visitors[index % visitors.length];
    win.location.href = url;
    for (const id of Object.keys(conditions)) delete conditions[id];
    t.kernel.activate();
    await t.settle();
    const states = Object.fromEntries(Object.values(pagesModule.states()).map((state) => [state.id, state.status]));
    transcript.pages.push({ url, conditions: { ...conditions }, states });
  }
  transcript.reports = [...t.errors().map((message) => `error event: ${message}`), ...t.logs.filter((line) => line.level === 'error' || line.level === 'warn').map((line) => `${line.level}: ${line.text}`)];
  transcript.copies = count.copies;
  t.kernel.destroy();
  return transcript;
};

/** Both ways at once, with how often the compiled way ran generated code. */
export const bothWays = async (subject: Subject, visitors: readonly Visitor[], urls: readonly string[]) => {
  const usage: Usage = { audiences: 0, pages: 0 };
  return { interpreted: await observe(subject, visitors, urls, false), compiled: await observe(subject, visitors, urls, true, usage), usage };
};

/** Page URLs of every shape the rules tell apart: hosts, www, editor prefixes, ports, paths, queries, hashes, the product's own parameters. */
export const URL_POOL: readonly string[] = [
  'https://www.example.com/',
  'https://example.com',
  'http://example.com/pricing',
  'https://www.example.com/pricing/?plan=pro#faq',
  'https://EXAMPLE.com/Pricing',
  'https://example.com/pricing?varia_log=INFO',
  'https://varia-editor.example.com/pricing/',
  'https://shop.example.com/items/42?color=red',
  'https://example.com:8080/checkout/step-2',
  'https://localhost/demo/example?x=1',
  '//example.com/a/b/c/',
  'https://example.org/blog/2026/post#comments',
  'https://www.example.com/de-de',
  'https://www.example.com/de-de/?utm_source=ads',
  'https://www.example.com/ko-kr#top',
  'https://www.example.com/ja-jp/pricing',
  'https://example.com/demo/example',
  'https://example.com/search?q=a%20b&varia_force_variations=x',
];

const pick = <T>(random: Seeded, items: readonly T[]): T => random.pick(items);
const maybe = (random: Seeded, chance: number) => random.next() < chance;

const COUNTRIES = [
  { country: 'AU', region: 'NSW', city: 'Sydney', continent: 'OC', dma: '' },
  { country: 'NZ', region: 'AUK', city: 'Auckland', continent: 'OC' },
  { country: 'US', region: 'CA', city: 'San Francisco', continent: 'NA', dma: 807 },
  { country: 'GB', region: 'EN', city: 'London', continent: 'EU' },
];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A seeded visitor with realistic values, some fields missing (unknown to the matchers) and some pending. */
export const randomVisitor = (random: Seeded): Visitor => {
  const profile: Record<string, unknown> = {};
  const set = (name: string, value: unknown) => {
    if (maybe(random, 0.15)) return; // missing
    profile[name] = maybe(random, 0.15) ? { pending: maybe(random, 0.2) ? 'fail' : value } : value;
  };
  set('device', pick(random, ['phone', 'tablet', 'desktop_laptop', 'other']));
  set('userAgent', pick(random, ['Mozilla/5.0 (iPhone)', 'Mozilla/5.0 (Windows NT 10.0)', '']));
  set('location', pick(random, COUNTRIES));
  set('time', { now: 1_767_225_600_000 + random.int(7 * 86_400_000), day: pick(random, DAYS), minutes: random.int(1440) });
  set('sourceType', pick(random, ['campaign', 'search', 'referral', 'direct']));
  set('referrer', pick(random, ['https://www.google.com/search?q=varia', 'https://news.example.org/a', '']));
  set('url', pick(random, URL_POOL));
  set('query', pick(random, [{ utm_source: 'ads', plan: 'pro' }, { q: 'a b' }, {}]));
  set('cookies', pick(random, [{ consent: 'yes', plan: 'pro' }, { consent: 'no' }, {}]));
  set('listKeys', pick(random, [{ zip: '10001' }, { zip: '94103', account: 'acme' }, {}]));
  const attributes: Visitor['attributes'] = {};
  for (const [name, values] of Object.entries(ATTRIBUTE_VALUES)) if (maybe(random, 0.6)) attributes[name] = { value: pick(random, values), lastModified: 0 };
  const now = 1_767_225_600_000;
  return {
    profile,
    attributes,
    segments: ['vip', 'churn-risk', 'beta'].filter(() => maybe(random, 0.4)),
    events: Array.from({ length: random.int(4) }, (_, i) => ({ n: pick(random, ['signup', 'view', 'purchase']), y: 'custom', c: 'other', t: now - i * 3_600_000, s: now, si: 0 })),
    firstSession: maybe(random, 0.5),
    localStorage: maybe(random, 0.5) ? { theme: pick(random, ['dark', 'light']), ajs_user_traits: pick(random, ['{}', '{"loggedIn":true}', 'not json']) } : {},
    sessionStorage: maybe(random, 0.5) ? { segResponse: pick(random, ['{"found_traits":{"registered_users":true}}', '{"found_traits":{}}', '{}', '[1]']) } : {},
  };
};

/** Visitor attributes and values the custom_attribute conditions compare. */
export const ATTRIBUTE_VALUES: Record<string, readonly unknown[]> = {
  plan: ['free', 'pro', 'Enterprise', ''],
  age: [17, 30, 65, '42', null],
  version: ['1.2.3', '2.0.0-beta', '10'],
  country: ['AU', 'us', 'GB'],
};
