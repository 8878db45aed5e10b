/**
 * Random projects for the differential test of the compiled snippet's code (compiler/specialise.ts):
 * audiences of nested and/or/not over every condition type the standard preset matches, with realistic
 * values (and stray operands, unknown types, a throwing matcher), and pages whose conditions mix URL rules
 * of every kind with audience conditions. Seeded, so a failing round is repeated by its seed; with a
 * shrinker that keeps the smallest project still showing a difference.
 */
import { definePlugin, type Plugin } from '../../../core';
import behavior from '../../../plugins/audience-matchers/behavior';
import cookies from '../../../plugins/audience-matchers/cookies';
import customAttribute from '../../../plugins/audience-matchers/custom-attribute';
import device from '../../../plugins/audience-matchers/device';
import firstSession from '../../../plugins/audience-matchers/first-session';
import list from '../../../plugins/audience-matchers/list';
import localStorage from '../../../plugins/audience-matchers/local-storage';
import location from '../../../plugins/audience-matchers/location';
import query from '../../../plugins/audience-matchers/query';
import referrer from '../../../plugins/audience-matchers/referrer';
import segment from '../../../plugins/audience-matchers/segment';
import sessionStorage from '../../../plugins/audience-matchers/session-storage';
import sourceType from '../../../plugins/audience-matchers/source-type';
import timeAndDay from '../../../plugins/audience-matchers/time-and-day';
import url from '../../../plugins/audience-matchers/url';
import type { Seeded } from '../../support/seeded';
import { ATTRIBUTE_VALUES, URL_POOL, type Subject } from './differential-kit';

/** A matcher that always throws: its leaves are unknown and reported, both ways. */
const throwing = definePlugin({
  type: 'audienceMatcher',
  name: 'throwing',
  match: () => {
    throw new Error('the throwing matcher threw');
  },
});

/** Every matcher of the standard preset, and the throwing one. */
export const standardMatchers = (): Plugin[] => [
  customAttribute(), device, location, timeAndDay, firstSession, sourceType, referrer, query, cookies, url, list, segment, behavior(), localStorage, sessionStorage, throwing,
];

const VALUE_MATCHES = ['exact', 'exists', 'substring', 'regex', 'range', 'gt', 'lt', 'ge', 'le', 'semver_ge', 'semver_lt'];
const valueFor = (random: Seeded, match: string, samples: readonly unknown[]): unknown => {
  if (match === 'exists') return undefined;
  if (match === 'regex') return random.pick(['^pro', 'a|b', '^[a-z]+$', 'example\\.com', '']);
  if (match === 'range') return random.pick(['18:40', ':20', '50:', 'x:y']);
  if (match.startsWith('semver')) return random.pick(['1.2', '2.0.0', '10']);
  if (['gt', 'lt', 'ge', 'le'].includes(match)) return random.pick([18, 40.5, '30']);
  return random.pick(samples);
};

/** One condition, of a random type, with a realistic value; sometimes a stray operand instead. */
const condition = (random: Seeded): unknown => {
  const type = random.pick([
    'custom_attribute', 'device', 'location', 'time_and_day', 'first_session', 'source_type', 'referrer', 'url', 'query', 'cookies',
    'list', 'segment', 'behavior', 'local_storage', 'session_storage', 'stray', 'unknown_type', 'throwing',
  ]);
  const match = random.pick(VALUE_MATCHES);
  const withValue = (base: Record<string, unknown>, samples: readonly unknown[]) => {
    const value = valueFor(random, match, samples);
    return { ...base, match, ...(value === undefined ? {} : { value }) };
  };
  switch (type) {
    case 'custom_attribute': {
      const name = random.pick(Object.keys(ATTRIBUTE_VALUES).concat('missing'));
      return withValue({ type, name }, ATTRIBUTE_VALUES[name] ?? ['x']);
    }
    case 'device':
      return { type, value: random.pick(['phone', 'tablet', 'desktop_laptop', 'other']) };
    case 'location':
      return random.next() < 0.2 ? { type, match: 'exists' } : { type, value: random.pick(['AU', 'NZ', 'US|CA', '|NSW', 'GB|EN', 'OC', '||London']) };
    case 'time_and_day':
      return { type, value: random.pick(['09:00_17:00_monday,friday', '22:00_06:00_saturday,sunday', '00:00_23:59_monday,tuesday,wednesday,thursday,friday,saturday,sunday']) };
    case 'first_session':
      return random.next() < 0.3 ? { type } : { type, value: random.next() < 0.5 };
    case 'source_type':
      return { type, value: random.pick(['campaign', 'search', 'referral', 'direct']) };
    case 'referrer':
    case 'url':
      return withValue({ type }, ['google', 'https://example.com/pricing', 'pricing']);
    case 'query':
      return withValue({ type, name: random.pick(['utm_source', 'plan', 'q']) }, ['ads', 'pro', 'a b']);
    case 'cookies':
      return withValue({ type, name: random.pick(['consent', 'plan']) }, ['yes', 'no', 'pro']);
    case 'list':
      return { type, ...(random.next() < 0.7 ? { name: random.pick(['zip', 'account']) } : {}), value: random.pick([['10001', '94103'], 'acme,globex', ['x']]) };
    case 'segment':
      return { type, value: random.pick(['vip', ['beta', 'churn-risk'], 'none']) };
    case 'behavior':
      return { type, value: { version: '0.2', filter: [{ field: ['name'], comparator: 'eq', value: random.pick(['signup', 'purchase']) }] } };
    case 'local_storage':
      return withValue({ type, name: random.pick(['theme', 'ajs_user_traits.loggedIn']) }, ['dark', 'light', true]);
    case 'session_storage':
      return withValue({ type, name: random.pick(['segResponse.found_traits.registered_users', 'segResponse']) }, [true, '{}']);
    case 'stray':
      return random.pick([null, 'or', 'text', 3]);
    default:
      return { type, value: 1 };
  }
};

/** A condition list: and/or/not (or no operator), nested up to `depth` more levels; sometimes empty. */
const conditionList = (random: Seeded, depth: number, leaf: () => unknown): unknown[] => {
  const op = random.pick(['and', 'or', 'not', 'none']);
  const size = op === 'not' ? random.pick([0, 1, 1, 2]) : random.int(4);
  const items = Array.from({ length: size }, () => (depth > 0 && random.next() < 0.35 ? conditionList(random, depth - 1, leaf) : leaf()));
  return op === 'none' ? items : [op, ...items];
};

/** A list nested deeper than the limit (32): unknown both ways. */
const tooDeep = (leaf: unknown): unknown[] => {
  let list: unknown[] = ['and', leaf];
  for (let i = 0; i < 34; i++) list = ['not', list];
  return list;
};

/** A URL rule of a random kind, with a value drawn from URLs and patterns that tell the rules apart. */
const urlRule = (random: Seeded): Record<string, unknown> => {
  const match = random.pick(['exact', 'substring', 'simple', 'regex', 'regex', 'other']);
  const value =
    match === 'regex'
      ? random.pick(['^/pricing', '^example\\.com/', 'pricing$', '/items/\\d+', '^https://www\\.example\\.com/', '^[^/?#]+/de-de(?:[?#]|$)', '(foo|bar)+', '', 'PRICING', '^/$', '#faq', '(a+)+$'])
      : random.pick([
          ...URL_POOL,
          '/pricing', 'pricing', 'example.com/pricing', '*.example.com/*', '/items/*', 'https://www.example.com/*', 'localhost/demo/*', 'example.com:8080/checkout', '', '/de-de?utm_source=ads', '*/pricing',
        ]);
  return random.next() < 0.05 ? { type: 'url', match } : { type: 'url', match, value };
};

/** A random project: up to five audiences and four pages. */
export const randomProject = (random: Seeded): Subject['data'] => {
  const audiences = Array.from({ length: 1 + random.int(5) }, (_, index) => ({
    id: `audience_${index}`,
    conditions: random.next() < 0.03 ? tooDeep(condition(random)) : random.next() < 0.03 ? 'not a list' : conditionList(random, 3, () => condition(random)),
  }));
  const pages = Array.from({ length: 1 + random.int(4) }, (_, index) => ({
    id: `page_${index}`,
    apiName: `page_${index}`,
    staticConditions: random.next() < 0.1 ? [] : conditionList(random, 2, () => (random.next() < 0.75 ? urlRule(random) : condition(random))),
  }));
  return { projectId: `random-${random.seed}`, accountId: 'differential', revision: 1, audiences, pages };
};

/**
 * Smaller variants of `value` (a JSON-like tree), one change each: an item of a list left out, or a nested
 * list put in place of the list holding it.
 */
const smaller = function* (value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield [...value.slice(0, i), ...value.slice(i + 1)];
    for (const item of value) if (Array.isArray(item)) yield item;
    for (let i = 0; i < value.length; i++) for (const variant of smaller(value[i])) yield [...value.slice(0, i), variant, ...value.slice(i + 1)];
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) for (const variant of smaller(item)) yield { ...value, [key]: variant };
  }
};

/**
 * The smallest project (by greedy steps) for which `fails` still holds: audiences, pages and items of
 * condition lists left out one at a time while the difference remains.
 */
export const shrink = async (data: Subject['data'], fails: (data: Subject['data']) => Promise<boolean>, budget = 400): Promise<Subject['data']> => {
  let smallest = data;
  let tries = 0;
  for (let improved = true; improved && tries < budget; ) {
    improved = false;
    for (const candidate of smaller(smallest)) {
      if (++tries > budget) break;
      if (await fails(candidate as Subject['data'])) {
        smallest = candidate as Subject['data'];
        improved = true;
        break;
      }
    }
  }
  return smallest;
};
