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
  /** The profile the probe used, when it was not the case's own. */
  profile?: Record<string, unknown>;
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

/** Values a page or a stored profile can hold that a matcher must survive. */
const throwing = new Proxy(
  {},
  {
    get() {
      throw new Error('hostile getter');
    },
  },
);
export const HOSTILE_VALUES: readonly unknown[] = [
  undefined,
  null,
  NaN,
  Infinity,
  -0,
  2 ** 60,
  '',
  'x'.repeat(100_000),
  '<img src=x onerror=alert(1)>',
  [],
  [[[]]],
  {},
  Object.create(null),
  { toString: () => { throw new Error('hostile toString'); } },
  throwing,
  Symbol('s'),
  () => 1,
  Promise.resolve(true),
];

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
  const wrong: MatcherMismatch[] = [];
  const paths = prepare(matcher, data);
  cases.forEach((item, index) => {
    const profiles: Array<Record<string, unknown>> = [{}];
    for (const field of Object.keys(item.profile)) {
      for (const value of HOSTILE_VALUES) profiles.push({ ...item.profile, [field]: value });
    }
    for (const profile of profiles) {
      for (const [via, run] of paths) {
        const got = attempt(() => run(item.condition, profile));
        if (got !== true && got !== false && got !== null) wrong.push({ index, via, expected: 'true, false or null', got, profile });
      }
    }
  });
  return wrong;
};
