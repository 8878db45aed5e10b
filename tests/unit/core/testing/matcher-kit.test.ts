/** The plugin test kit's matcher helpers: they pass a correct matcher and catch a broken one. */
import { describe, expect, it } from 'vitest';
import { definePlugin } from '../../../../core';
import { checkMatcher, probeMatcher, type MatcherCase } from '../../../../core/testing';
import customAttribute from '../../../../plugins/audience-matchers/custom-attribute';

const CASES: MatcherCase[] = [
  { condition: { type: 'custom_attribute', name: 'plan', value: 'pro' }, profile: { attributes: { plan: 'pro' } }, expected: true },
  { condition: { type: 'custom_attribute', name: 'plan', value: 'pro' }, profile: { attributes: { plan: 'free' } }, expected: false },
  { condition: { type: 'custom_attribute', name: 'plan', value: 'pro' }, profile: { attributes: {} }, expected: null },
  { condition: { type: 'custom_attribute', name: 'plan', match: 'exists' }, profile: { attributes: {} }, expected: false },
];

describe('test kit: matchers', () => {
  it('AUD-2 checkMatcher passes the custom_attribute matcher through match and compile', () => {
    expect(checkMatcher(customAttribute(), CASES)).toEqual([]);
  });

  it('AUD-2 checkMatcher and probeMatcher refuse a case whose condition type is not the matcher\'s (a typo tests nothing)', () => {
    const typo: MatcherCase[] = [...CASES, { condition: { type: 'custom_atribute', name: 'plan', value: 'pro' }, profile: {}, expected: true }];
    expect(() => checkMatcher(customAttribute(), typo)).toThrow('checkMatcher: case 4 has condition type "custom_atribute", not the matcher\'s "custom_attribute"');
    expect(() => probeMatcher(customAttribute(), typo)).toThrow('probeMatcher: case 4 has condition type "custom_atribute"');
  });

  it('AUD-2 checkMatcher names the case and the path a wrong matcher answers on', () => {
    const wrong = definePlugin({
      type: 'audienceMatcher',
      name: 'custom_attribute',
      // Answers false where it cannot tell: the three-valued rule broken.
      match: (condition, profile) => (profile.attributes as Record<string, unknown>)?.[String(condition.name)] === condition.value,
    });
    expect(checkMatcher(wrong, CASES)).toEqual([
      { index: 2, via: 'match', expected: null, got: false },
      { index: 3, via: 'match', expected: false, got: true },
    ]);
  });

  it('AUD-2 probeMatcher: the real matcher survives hostile profile values; a throwing one is caught', () => {
    expect(probeMatcher(customAttribute(), CASES)).toEqual([]);
    const fragile = definePlugin({
      type: 'audienceMatcher',
      // Named for the condition type it is probed with (the kit refuses cases of another type).
      name: 'custom_attribute',
      match: (condition, profile) => String((profile.attributes as Record<string, string>)[String(condition.name)]).startsWith('p'),
    });
    const failed = probeMatcher(fragile, CASES.slice(0, 1));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((item) => item.expected === 'true, false or null')).toBe(true);
    expect(failed.some((item) => String(item.got).startsWith('threw'))).toBe(true);
  });
});
