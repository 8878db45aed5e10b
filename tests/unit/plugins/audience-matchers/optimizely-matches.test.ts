/**
 * Optimizely's custom-attribute matches (gt, ge, lt, le, semver_eq/gt/ge/lt/le) and its rules for exact,
 * three-valued: every case is answered exactly as Optimizely's own SDK (`@optimizely/optimizely-sdk`, run
 * here in the same process) answers it. Each case goes to Optimizely as two audiences, the condition and
 * its negation, so its unknown (neither qualifies) is told apart from false (only the negation does).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance, createStaticProjectConfigManager } from '@optimizely/optimizely-sdk';
import { compileValue, matchValue, valueProblem } from '../../../../plugins/audience-matchers/_shared/values';

type Case = [match: string, expected: unknown, actual: unknown, answer: boolean | null];
const BIG = 2 ** 53;
const CASES: Case[] = [
  // Numbers: a type mismatch, a non-finite number or one beyond 2^53 is unknown.
  ['gt', 10, 11, true], ['gt', 10, 10, false], ['gt', 10, '11', null], ['gt', 10, Infinity, null], ['gt', 10, NaN, null], ['gt', 10, BIG + 2, null], ['gt', 10, true, null],
  ['ge', 10, 10, true], ['ge', 10, 9.5, false], ['ge', 10, -BIG, false],
  ['lt', 0.5, 0.25, true], ['lt', 0.5, 0.5, false], ['lt', 1, -Infinity, null],
  ['le', 3, 3, true], ['le', 3, 4, false], ['le', 3, null, null],
  ['exact', 5, 5, true], ['exact', 5, 6, false], ['exact', 5, '5', null], ['exact', 5, Infinity, null], ['exact', 5, BIG * 4, null], ['exact', 'a', 'a', true], ['exact', true, false, false], ['exact', 'a', 1, null],
  // Versions: only the parts the condition names; a pre-release below its release; malformed is unknown.
  ['semver_eq', '2', '2.9.1', true], ['semver_eq', '2.0', '2.1.0', false], ['semver_eq', '1.2.3', '1.2.3', true], ['semver_eq', '1.2.3', '1.2.3-beta', false],
  ['semver_eq', '1.2.3-beta', '1.2.3-beta', true], ['semver_eq', '1.2.3+build', '1.2.3+build', true],
  ['semver_gt', '1.2.3', '1.2.4', true], ['semver_gt', '1.2.3', '1.10.0', true], ['semver_gt', '1.2.3-beta', '1.2.3', true], ['semver_gt', '1.2.3', '1.2.3-beta', false],
  ['semver_gt', '1.2.3-alpha', '1.2.3-beta', true], ['semver_gt', '2', '2.0.1', false], ['semver_gt', '1.2.3', '1.2', false],
  ['semver_ge', '1.2', '1.2.0', true], ['semver_ge', '1.2.3', '1.2.2', false],
  ['semver_lt', '2.0.0', '1.9.9', true], ['semver_lt', '2.0.0', '2.0.0-rc.1', true], ['semver_lt', '2.0.0-beta', '1.2', true],
  ['semver_le', '1.0.0', '1.0.0', true], ['semver_le', '1.0.0', '1.0.1', false],
  ['semver_eq', '1.2.3', '1.2.3.4', null], ['semver_eq', '1.2.3', '1. 2.3', null], ['semver_eq', '1.2.3', 'a.b.c', null], ['semver_eq', '1.2.3', 123, null], ['semver_gt', '1.2.3', '', null],
];

let client: ReturnType<typeof createInstance>;
beforeAll(async () => {
  const audience = (id: string, conditions: unknown) => ({ id, name: id, conditions });
  const experiment = (id: string, audienceId: string) => ({
    id,
    key: id,
    status: 'Running',
    layerId: `layer-${id}`,
    audienceIds: [audienceId],
    variations: [{ id: `${id}-v`, key: `${id}-v`, variables: [] }],
    trafficAllocation: [{ entityId: `${id}-v`, endOfRange: 10000 }],
    forcedVariations: {},
  });
  const condition = ([match, value]: Case) => ({ type: 'custom_attribute', name: 'x', match, value });
  const datafile = {
    version: '4', projectId: 'p', accountId: 'a', revision: '1', anonymizeIP: true, botFiltering: false,
    attributes: [{ id: 'attr-x', key: 'x' }],
    audiences: [],
    typedAudiences: CASES.flatMap((c, i) => [audience(`yes-${i}`, ['and', condition(c)]), audience(`no-${i}`, ['not', condition(c)])]),
    experiments: CASES.flatMap((_, i) => [experiment(`e-yes-${i}`, `yes-${i}`), experiment(`e-no-${i}`, `no-${i}`)]),
    groups: [], featureFlags: [], rollouts: [], events: [], integrations: [],
  };
  client = createInstance({ projectConfigManager: createStaticProjectConfigManager({ datafile: JSON.stringify(datafile) }) });
  await client.onReady();
});
afterAll(() => client?.close());

/** Optimizely's three-valued answer: the condition qualifies (true), its negation does (false), neither (unknown). */
const optimizelyAnswer = (i: number, actual: unknown): boolean | null => {
  const attributes = actual === undefined ? {} : { x: actual as never };
  if (client.getVariation(`e-yes-${i}`, 'visitor', attributes)) return true;
  if (client.getVariation(`e-no-${i}`, 'visitor', attributes)) return false;
  return null;
};

describe('Optimizely custom-attribute matches', () => {
  it.each(CASES.map((c, i) => [...c, i] as const))('AUD-7 AUD-11 %s %j against %j is %s, as Optimizely answers', (match, expected, actual, answer, i) => {
    expect(optimizelyAnswer(i, actual)).toBe(answer);
    expect(matchValue(match, expected, actual)).toBe(answer);
    expect(compileValue(match, expected)(actual)).toBe(answer);
  });

  it('AUD-2 the validator refuses a comparison value that cannot be compared', () => {
    const problem = (match: string, value: unknown) => valueProblem({ type: 'custom_attribute', name: 'x', match, value });
    expect(problem('gt', 3)).toBeUndefined();
    expect(problem('gt', '3')).toContain('needs a finite number');
    expect(problem('le', Infinity)).toContain('needs a finite number');
    expect(problem('exact', BIG * 2)).toContain('at most 2^53');
    expect(problem('semver_ge', '1.2.3-beta')).toBeUndefined();
    expect(problem('semver_ge', '1.2.3.4')).toContain('needs a version');
    expect(problem('semver_lt', 2)).toContain('needs a version');
  });
});
