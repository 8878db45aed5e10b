import { describe, expect, it } from 'vitest';
import { definePlugin, type Plugin } from '../../../../../core';
import type { Audience } from '../../../../../core/project/types';
import { formatProblem, normalizeProjectData, validateProject, type ProjectRule } from '../../../../../core/project';
import { bootKernel } from '../../../../../core/testing';
import audiences from '../../../../../plugins/modules/audiences';
import customAttribute from '../../../../../plugins/audience-matchers/custom-attribute';
import { bootAudiences, F, fixedMatcher, T, U } from './helpers';

const data: { audiences: Audience[] } = {
  audiences: [
    { id: 'yes', name: 'Always', conditions: ['and', T] },
    { id: 'no', name: 'Never', conditions: ['and', F] },
    { id: 'unknown', name: 'Unknown', conditions: ['and', U] },
    { id: 'vip', name: 'VIP', conditions: ['and', { type: 'custom_attribute', name: 'tier', value: 'vip' }] },
    { id: 'geo', name: 'Pending geo', conditions: [{ type: 'location', value: 'AU' }] },
  ],
};

/** A provider whose `location` arrives when the test says so. */
const lateLocation = () => {
  let answer: (value: unknown) => void = () => {};
  const plugin = definePlugin({
    type: 'profileProvider',
    name: 'late',
    fields: ['location'],
    provide: () => ({ location: new Promise((resolve) => (answer = resolve)) }),
  });
  return { plugin: plugin as Plugin, answer: (value: unknown) => answer(value) };
};

describe('the audiences module', () => {
  it('AUD-1 an audience has id, name and conditions: found by its id, decided by its conditions, named by its name in problems', async () => {
    const t = bootAudiences({ data });
    await t.settle();
    expect(t.errors()).toEqual([]);
    // The id finds the audience and its conditions decide it (true, false, unknown).
    expect([t.audiences.qualifies(['yes']), t.audiences.qualifies(['no']), t.audiences.evaluate(['and', T])]).toEqual([true, false, true]);
    expect(t.audiences.matching(['or', 'yes', 'no', 'unknown'], {})).toEqual(['yes']);
    // Another audience with the same conditions under another id is another audience.
    const other = bootAudiences({ data: { audiences: [{ id: 'always-2', name: 'Always too', conditions: ['and', F] }] } });
    expect([other.audiences.qualifies(['always-2']), other.audiences.qualifies(['yes'])]).toEqual([false, false]);
    // Each field is required; problems name the audience by id and name.
    const problems = (audience: Record<string, unknown>) =>
      validateProject(normalizeProjectData({ projectId: 'p', accountId: 'a', revision: 1, audiences: [audience] } as never)).map(formatProblem);
    expect(problems({ id: 'a', name: 'Shoppers', conditions: ['and', { type: 'url', match: 'substring', value: '/shop' }] })).toEqual([]);
    expect(problems({ name: 'No id', conditions: [] })[0]).toContain('id is required');
    expect(problems({ id: 'a', name: 'Shoppers', conditions: 'shop' })).toEqual([
      'audience "a" (Shoppers): Expected a list optionally opened by "and", "or" or "not", got "shop" (at audiences[0].conditions)',
    ]);
    expect(problems({ id: 'a', name: 7, conditions: [] })[0]).toContain('name must be a non-empty string');
  });

  it('ruling 6 no audience ids qualifies everyone; unknown does not qualify', () => {
    const t = bootAudiences({ data });
    expect(t.audiences.qualifies(undefined)).toBe(true);
    expect(t.audiences.qualifies([])).toBe(true);
    expect(t.audiences.qualifies(['yes'])).toBe(true);
    expect(t.audiences.qualifies(['no'])).toBe(false);
    expect(t.audiences.qualifies(['unknown'])).toBe(false);
    expect(t.audiences.qualifies(['not', 'unknown'])).toBe(false);
    expect(t.audiences.qualifies(['missing-audience'])).toBe(false);
  });

  it('CFG-12 experiment audienceIds are nested and/or/not lists of audience ids', () => {
    const t = bootAudiences({ data });
    expect(t.audiences.qualifies(['and', 'yes', ['not', 'no']])).toBe(true);
    expect(t.audiences.qualifies(['and', 'yes', ['or', 'no', ['not', 'yes']]])).toBe(false);
    expect(t.audiences.qualifies(['no', 'yes'])).toBe(true);
    expect(t.audiences.qualifies(['or', 'unknown', 'yes'])).toBe(true);
  });

  it('AUD-2 each condition type is evaluated by the matcher registered for it, reading live custom attributes', () => {
    const t = bootAudiences({ data });
    expect(t.audiences.qualifies(['vip'])).toBe(false);
    t.visitor.attributes.tier = { value: 'vip', lastModified: 1 };
    expect(t.audiences.qualifies(['vip'])).toBe(true);
  });

  it('DEC-4 matching lists the audiences among the ids the visitor is in', () => {
    const t = bootAudiences({ data });
    expect(t.audiences.matching(['and', 'yes', ['not', 'no'], 'unknown', 'yes'])).toEqual(['yes']);
    expect(t.audiences.matching(undefined)).toEqual([]);
  });

  it('DEC-6 forced audience ids qualify and no others do', () => {
    const t = bootAudiences({ data });
    expect(t.audiences.qualifies(['no'], { forcedAudienceIds: ['no'] })).toBe(true);
    expect(t.audiences.qualifies(['yes'], { forcedAudienceIds: ['no'] })).toBe(false);
    expect(t.audiences.matching(['yes', 'no'], { forcedAudienceIds: ['no'] })).toEqual(['no']);
    expect(t.audiences.qualifies(['yes'], { forcedAudienceIds: [] })).toBe(true);
  });

  it('AUD-3 the evaluator waits for the pending fields a matcher declares, then decides', async () => {
    const late = lateLocation();
    const t = bootAudiences({ data, extra: [late.plugin] });
    t.audiences.load();
    expect(t.audiences.profile().location).toBeInstanceOf(Promise);
    const result = t.audiences.qualifies(['geo']);
    expect(result).toBeInstanceOf(Promise);
    late.answer({ country: 'AU' });
    expect(await result).toBe(true);
    expect(t.audiences.profile().location).toEqual({ country: 'AU' });
    // Known now: synchronous.
    expect(t.audiences.qualifies(['geo'])).toBe(true);
  });

  it('AUD-3 after the activation timeout (default 2000 ms) a pending field counts as missing', async () => {
    const late = lateLocation();
    const t = bootAudiences({ data, extra: [late.plugin] });
    t.audiences.load();
    let settled: boolean | undefined;
    void (t.audiences.qualifies(['geo']) as Promise<boolean>).then((r) => (settled = r));
    await t.clock.tickAsync(1999);
    expect(settled).toBeUndefined();
    await t.clock.tickAsync(1);
    expect(settled).toBe(false);
    const custom = t.audiences.matching(['geo', 'yes'], { timeout: 50 }) as Promise<string[]>;
    await t.clock.tickAsync(50);
    expect(await custom).toEqual(['yes']);
  });

  it('AUD-3 a result that pending fields cannot change is given at once, without waiting', () => {
    const late = lateLocation();
    const t = bootAudiences({ data, extra: [late.plugin] });
    t.audiences.load();
    expect(t.audiences.qualifies(['or', 'geo', 'yes'])).toBe(true);
    expect(t.audiences.qualifies(['and', 'geo', 'no'])).toBe(false);
    expect(t.audiences.evaluate(['and', F, { type: 'location', value: 'AU' }])).toBe(false);
    expect(t.audiences.evaluate(['and', T, { type: 'location', value: 'AU' }])).toBeInstanceOf(Promise);
  });

  it('AUD-3 fields that are not declared are not waited for', () => {
    const late = lateLocation();
    const t = bootAudiences({ data, extra: [late.plugin] });
    t.audiences.load();
    // The fixed matcher declares no field: no wait even while location is pending.
    expect(t.audiences.evaluate([U])).toBeNull();
  });

  // The build validates with the plugins' rules and refuses errors; data given at run time keeps running with
  // the condition unknown and a warning (ruling 22).
  const buildProblems = (data: Record<string, unknown>) => {
    const plugins: Plugin[] = [audiences(), customAttribute()];
    const rules = plugins.map((plugin) => plugin.validate).filter((rule): rule is ProjectRule => !!rule);
    return validateProject(normalizeProjectData({ projectId: 'p', accountId: 'a', revision: 1, ...data } as never), { rules, plugins }).filter((p) => p.severity === 'error');
  };

  it('AUD-4 a condition type without a matcher is an error at build; at run time it is unknown with a warning', async () => {
    const data = { audiences: [{ id: 'a', name: 'Bad', conditions: ['and', { type: 'telepathy', value: 'x' }] }] };
    expect(buildProblems(data).map(formatProblem)).toEqual([expect.stringContaining('No audience matcher for condition type "telepathy" (at audiences[0].conditions[1].type)')]);
    const t = bootAudiences({ data: data as never });
    await t.settle();
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([]);
    expect(t.logs.some((line) => line.level === 'warn' && line.text.includes('No audience matcher for condition type "telepathy" (at audiences[0].conditions[1].type); the condition is unknown'))).toBe(true);
    expect(t.audiences.evaluate(['and', { type: 'telepathy', value: 'x' }] as never)).toBeNull();
    expect(t.audiences.qualifies(['a'])).toBe(false);
  });

  it('AUD-4 matchers validate their own conditions at build (bad regex, bad range); at run time those conditions are unknown', async () => {
    const data = {
      audiences: [
        { id: 'a', conditions: [{ type: 'custom_attribute', name: 'x', match: 'regex', value: '(' }, { type: 'custom_attribute', name: 'x', match: 'range', value: 'a:b' }] },
      ],
    };
    const errors = buildProblems(data).map((problem) => problem.message);
    expect(errors.some((text) => text.includes('Invalid regular expression'))).toBe(true);
    expect(errors.some((text) => text.includes('A range must be "min:max"'))).toBe(true);
    const t = bootAudiences({ data: data as never });
    await t.settle();
    const warnings = t.logs.filter((line) => line.level === 'warn').map((line) => line.text);
    expect(warnings.some((text) => text.includes('Invalid regular expression') && text.endsWith('the condition is unknown'))).toBe(true);
    expect(warnings.some((text) => text.includes('A range must be "min:max"') && text.endsWith('the condition is unknown'))).toBe(true);
    expect(t.audiences.qualifies(['a'])).toBe(false);
  });

  it('a matcher that throws gives unknown and an error event, never an exception into the page', () => {
    const throwing = definePlugin({ type: 'audienceMatcher', name: 'boom', match: () => { throw new Error('kaboom'); } });
    const t = bootAudiences({ extra: [throwing as Plugin] });
    expect(t.audiences.evaluate([{ type: 'boom' }])).toBeNull();
    expect(t.errors()).toContain('kaboom');
  });

  it('a condition type without matcher at run time (validation off) is unknown and warned once', () => {
    const t = bootKernel({ plugins: [audiences()], validate: false });
    const module = t.get('audiences') as import('../../../../../core').AudiencesModule;
    expect(module.evaluate([{ type: 'nope' }])).toBeNull();
    expect(module.evaluate([{ type: 'nope' }])).toBeNull();
    expect(t.logs.filter((line) => line.text.includes('No audience matcher for condition type "nope"'))).toHaveLength(1);
  });

  it('the profile holds every provider field plus the visitor fields', () => {
    const provider = definePlugin({ type: 'profileProvider', name: 'p', fields: ['device'], provide: () => ({ device: 'phone' }) });
    const t = bootAudiences({ extra: [provider as Plugin], visitor: { segments: ['s1'], firstSession: false } });
    t.audiences.load();
    const profile = t.audiences.profile();
    expect(profile.device).toBe('phone');
    expect(profile.segments).toEqual(['s1']);
    expect(profile.firstSession).toBe(false);
    expect(profile.attributes).toEqual({});
    expect(profile.behaviourEvents).toEqual([]);
  });

  it('works without a visitor module: visitor fields are unknown', () => {
    const t = bootKernel({ plugins: [audiences(), customAttribute(), fixedMatcher()] });
    const module = t.get('audiences') as import('../../../../../core').AudiencesModule;
    expect(module.evaluate([{ type: 'custom_attribute', name: 'x', value: 'y' }])).toBeNull();
  });

  it('compiled audiences give what the interpreted evaluation gives over nested and/or/not trees (ruling 6)', () => {
    // Every tree of depth up to 3 over T, F, U built from a seeded walk, as audiences and as expressions.
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const tree = (depth: number): unknown => {
      const pick = random(depth > 2 ? 3 : 7);
      if (pick < 3) return [T, F, U][pick];
      const op = ['and', 'or', 'not', undefined][pick - 3];
      const items = Array.from({ length: random(4) }, () => tree(depth + 1));
      return op ? [op, ...items] : items;
    };
    const trees = Array.from({ length: 300 }, () => {
      const made = tree(0);
      return Array.isArray(made) ? made : ['and', made];
    });
    const t = bootAudiences({ data: { audiences: trees.map((conditions, i) => ({ id: `a${i}`, conditions })) } as never, validate: false });
    trees.forEach((conditions, i) => {
      const interpreted = t.audiences.evaluate(conditions as never);
      expect([conditions, t.audiences.qualifies([`a${i}`])]).toEqual([conditions, interpreted === true]);
      expect([conditions, t.audiences.qualifies(['not', `a${i}`])]).toEqual([conditions, interpreted === false]);
      expect(t.audiences.matching([`a${i}`, 'yes'])).toEqual(interpreted === true ? [`a${i}`] : []);
    });
  });

  it('a matcher\'s compiled predicate is made once per project data and load, waits for its pending fields, and is guarded', async () => {
    let compiled = 0;
    const late = lateLocation();
    const geo = definePlugin({
      type: 'audienceMatcher',
      name: 'geo',
      fields: ['location'],
      match: (condition, profile) => (profile.location as { country?: string } | undefined)?.country === condition.value,
      compile: (condition) => {
        compiled++;
        if (condition.value === 'throw-at-compile') throw new Error('cannot compile');
        if (condition.value === 'throw') return () => { throw new Error('predicate failed'); };
        return (profile) => (profile.location as { country?: string } | undefined)?.country === condition.value;
      },
    });
    const t = bootAudiences({
      data: {
        audiences: [
          { id: 'au', conditions: [{ type: 'geo', value: 'AU' }] },
          { id: 'bad', conditions: [{ type: 'geo', value: 'throw' }] },
          { id: 'fallback', conditions: [{ type: 'geo', value: 'throw-at-compile' }] },
        ],
      } as never,
      extra: [geo as Plugin, late.plugin],
      validate: false,
    });
    t.audiences.load();
    const waiting = t.audiences.qualifies(['au']);
    expect(waiting).toBeInstanceOf(Promise);
    late.answer({ country: 'AU' });
    expect(await waiting).toBe(true);
    expect(t.audiences.qualifies(['au'])).toBe(true);
    expect(compiled).toBe(1);
    // A throwing predicate is unknown and reported like a throwing match; a failed compile falls back to match.
    expect(t.audiences.qualifies(['bad'])).toBe(false);
    expect(t.errors()).toContain('predicate failed');
    expect(t.audiences.qualifies(['fallback'])).toBe(false);
    expect(t.audiences.qualifies(['or', 'fallback', 'au'])).toBe(true);
    expect(compiled).toBe(3);
    // Forced audiences are not evaluated at all.
    expect(t.audiences.qualifies(['bad'], { forcedAudienceIds: ['bad'] })).toBe(true);
    // A new load may bring other matchers: the audiences are compiled again.
    t.audiences.load();
    late.answer({ country: 'NZ' });
    expect(await t.audiences.qualifies(['au'])).toBe(false);
    expect(compiled).toBe(4);
  });

  it('a condition whose matcher is registered after the first evaluation is evaluated by it from then on', () => {
    const t = bootKernel({ plugins: [audiences()], data: { audiences: [{ id: 'late', conditions: [{ type: 'later', value: true }] }] } as never, validate: false });
    const module = t.get('audiences') as import('../../../../../core').AudiencesModule;
    expect(module.qualifies(['late'])).toBe(false);
    expect(t.kernel.registerPlugin(definePlugin({ type: 'audienceMatcher', name: 'later', match: (condition) => condition.value as boolean }))).toBe(true);
    expect(module.qualifies(['late'])).toBe(true);
  });

  it('KRN-9 AUD-3 a plain field value stays plain when the page has put a then method on String.prototype (never taken for a pending field)', () => {
    const provider = definePlugin({ type: 'profileProvider', name: 'here', fields: ['place'], provide: () => ({ place: 'AU' }) });
    const matcher = definePlugin({ type: 'audienceMatcher', name: 'place', fields: ['place'], match: (condition, profile) => profile.place === condition.value });
    const proto = String.prototype as unknown as { then?: unknown };
    let called = 0;
    proto.then = () => void called++;
    try {
      const t = bootAudiences({ data: { audiences: [{ id: 'au', name: 'In AU', conditions: [{ type: 'place', value: 'AU' }] }] }, plugins: [provider as Plugin, matcher as Plugin] });
      expect(t.audiences.qualifies(['au'])).toBe(true);
      expect(called).toBe(0);
    } finally {
      delete proto.then;
    }
  });
});
