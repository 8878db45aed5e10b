/**
 * Test helpers for audience-matcher plugins: run a matcher over a table of cases the way the
 * audiences module calls it (through `match`, and through `compile` when the matcher has one), and
 * probe it with hostile profile values. Both return what went wrong, so a test asserts an empty list.
 */
import type { AudienceCondition, ProjectInput } from '../project/types';
import { definePlugin } from '../define';
import type { PluginContext, PluginOf } from '../types';
import { bootKernel } from './boot-kernel';

/** One case: a condition, a visitor profile, and the answer the matcher must give. */
export interface MatcherCase {
  condition: AudienceCondition;
  /** Profile fields by name, as profile providers give them (`attributes`, `device`, `url`...). */
  profile: Record<string, unknown>;
  /** true, false, or null (cannot tell: ruling 6, 7). */
  expected: boolean | null;
}

/** A case the matcher got wrong, or a probe it failed. */
export interface MatcherMismatch {
  /** Index of the case in the table. */
  index: number;
  /** Which path gave the answer: `match`, or the predicate `compile` made. */
  via: 'match' | 'compile';
  expected: boolean | null | 'true, false or null';
  got: unknown;
  /** What the probe put in the profile, when it was not the case's own (`attributes = a throwing proxy`). */
  probe?: string;
}

/** Boots a kernel with the matcher and the project data, as a snippet would, and returns both paths. */
const prepare = (matcher: PluginOf<'audienceMatcher'>, data: Partial<ProjectInput> = {}) => {
  let ctx: PluginContext | undefined;
  // A probe plugin only to read the prepared project data, which `compile` takes.
  const probe = definePlugin({ type: 'apiModule', name: 'matcher_kit_probe', setup: (context) => void (ctx = context), create: () => ({}) });
  bootKernel({ plugins: [matcher, probe], data });
  const project = ctx!.data;
  const paths: Array<['match' | 'compile', (condition: AudienceCondition, profile: Record<string, unknown>) => unknown]> = [
    ['match', (condition, profile) => matcher.match(condition, profile)],
  ];
  if (matcher.compile) paths.push(['compile', (condition, profile) => matcher.compile!(condition, project)(profile)]);
  return paths;
};

/**
 * Refuses a table with a case whose condition type is not the matcher's name: the audiences module would
 * never hand the matcher that condition, so the case would test nothing (a typo in a test goes unnoticed).
 */
const ownCases = (kit: string, matcher: PluginOf<'audienceMatcher'>, cases: readonly Pick<MatcherCase, 'condition'>[]) =>
  cases.forEach((item, index) => {
    if (item?.condition?.type !== matcher.name) {
      throw new Error(`${kit}: case ${index} has condition type ${JSON.stringify(item?.condition?.type)}, not the matcher's "${matcher.name}"`);
    }
  });

const attempt = (run: () => unknown): unknown => {
  try {
    return run();
  } catch (error) {
    return `threw ${error instanceof Error ? error.message : String(error)}`;
  }
};

/**
 * Checks a matcher against a table of cases, through `match` and (when it has one) `compile`: both
 * must give each case's expected answer, and neither may throw.
 *
 * @throws when a case's condition type is not the matcher's name (the module would never ask it).
 *
 * @param data project data the matcher's setup sees (visitor attributes, lists...).
 * @returns every wrong answer; `[]` when the matcher passes.
 * @example
 * expect(checkMatcher(customAttribute(), [
 *   { condition: { type: 'custom_attribute', name: 'plan', value: 'pro' }, profile: { attributes: { plan: 'pro' } }, expected: true },
 * ])).toEqual([]);
 */
export const checkMatcher = (
  matcher: PluginOf<'audienceMatcher'>,
  cases: readonly MatcherCase[],
  data?: Partial<ProjectInput>,
): MatcherMismatch[] => {
  ownCases('checkMatcher', matcher, cases);
  const wrong: MatcherMismatch[] = [];
  const paths = prepare(matcher, data);
  cases.forEach((item, index) => {
    for (const [via, run] of paths) {
      const got = attempt(() => run(item.condition, item.profile));
      if (got !== item.expected) wrong.push({ index, via, expected: item.expected, got });
    }
  });
  return wrong;
};

/** Values a page or a stored profile can hold that a matcher must survive, with how a report names them. */
const throwing = new Proxy(
  {},
  {
    get() {
      throw new Error('hostile getter');
    },
  },
);
const HOSTILE: ReadonlyArray<readonly [label: string, value: unknown]> = [
  ['undefined', undefined],
  ['null', null],
  ['NaN', NaN],
  ['Infinity', Infinity],
  ['-0', -0],
  ['2^60', 2 ** 60],
  ["''", ''],
  ['a 100,000-character string', 'x'.repeat(100_000)],
  ['markup', '<img src=x onerror=alert(1)>'],
  ['[]', []],
  ['[[[]]]', [[[]]]],
  ['{}', {}],
  ['an object without prototype', Object.create(null)],
  ['an object whose toString throws', { toString: () => { throw new Error('hostile toString'); } }],
  ['a proxy whose getters throw', throwing],
  ['a symbol', Symbol('s')],
  ['a function', () => 1],
  ['a promise', Promise.resolve(true)],
];
export const HOSTILE_VALUES: readonly unknown[] = HOSTILE.map(([, value]) => value);

/**
 * Probes a matcher with hostile values in place of each profile field of each case (and of the
 * whole profile): it must never throw and always answer true, false or null (AUD contract).
 *
 * @returns every probe it failed; `[]` when it survives them all.
 */
export const probeMatcher = (
  matcher: PluginOf<'audienceMatcher'>,
  cases: readonly Pick<MatcherCase, 'condition' | 'profile'>[],
  data?: Partial<ProjectInput>,
): MatcherMismatch[] => {
  ownCases('probeMatcher', matcher, cases);
  const wrong: MatcherMismatch[] = [];
  const paths = prepare(matcher, data);
  cases.forEach((item, index) => {
    const probes: Array<[string, Record<string, unknown>]> = [['an empty profile', {}]];
    for (const field of Object.keys(item.profile)) {
      for (const [label, value] of HOSTILE) probes.push([`${field} = ${label}`, { ...item.profile, [field]: value }]);
    }
    for (const [probe, profile] of probes) {
      for (const [via, run] of paths) {
        const got = attempt(() => run(item.condition, profile));
        // A thrown error is reported by its message, any other wrong answer by its type.
        if (got !== true && got !== false && got !== null) wrong.push({ index, via, expected: 'true, false or null', got: typeof got === 'string' ? got : typeof got, probe });
      }
    }
  });
  return wrong;
};
