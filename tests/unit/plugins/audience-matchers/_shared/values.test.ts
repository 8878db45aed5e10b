import { describe, expect, it } from 'vitest';
import { cpuTimed } from '../../../../support/time-bound';
import { compile, MAX_REGEX_INPUT, regexProblem, testRegex, unsafeReason } from '../../../../../plugins/audience-matchers/_shared/regex';
import { compileValue, matchValue, parseRange, valueProblem } from '../../../../../plugins/audience-matchers/_shared/values';

describe('value matchers', () => {
  it('AUD-10 exists matches when the field has a value; a missing value is false (ruling 7)', () => {
    expect(matchValue('exists', undefined, 'x')).toBe(true);
    expect(matchValue('exists', undefined, 0)).toBe(true);
    expect(matchValue('exists', undefined, false)).toBe(true);
    expect(matchValue('exists', undefined, undefined)).toBe(false);
    expect(matchValue('exists', undefined, null)).toBe(false);
    expect(matchValue('exists', undefined, '')).toBe(false);
  });

  it('AUD-11 exact matches when the field equals the value (default match); a type mismatch is unknown', () => {
    expect(matchValue('exact', 'vip', 'vip')).toBe(true);
    expect(matchValue(undefined, 'vip', 'vip')).toBe(true);
    expect(matchValue('exact', 'vip', 'VIP')).toBe(false);
    expect(matchValue('exact', 3, 3)).toBe(true);
    expect(matchValue('exact', true, true)).toBe(true);
    expect(matchValue('exact', '3', 3)).toBeNull();
    expect(matchValue('exact', 'x', { value: 'x' })).toBeNull();
  });

  it('AUD-12 substring matches when the value occurs in the field', () => {
    expect(matchValue('substring', 'pri', '/pricing')).toBe(true);
    expect(matchValue('substring', 'zzz', '/pricing')).toBe(false);
    expect(matchValue('substring', 'pri', 12)).toBeNull();
  });

  it('AUD-13 regex matches when the field matches the expression', () => {
    expect(matchValue('regex', '^/de-de/', '/de-de/products')).toBe(true);
    expect(matchValue('regex', '^/de-de/', '/fr-fr/')).toBe(false);
    expect(matchValue('regex', '(', 'x')).toBeNull();
  });

  it('AUD-14 range takes min:max, inclusive at both ends, either side open (ruling 7)', () => {
    expect(parseRange('1:5')).toEqual({ min: 1, max: 5 });
    expect(matchValue('range', '1:5', 1)).toBe(true);
    expect(matchValue('range', '1:5', 5)).toBe(true);
    expect(matchValue('range', '1:5', 5.01)).toBe(false);
    expect(matchValue('range', ':5', -1e9)).toBe(true);
    expect(matchValue('range', '10:', 1e9)).toBe(true);
    expect(matchValue('range', '10:', 9)).toBe(false);
    expect(matchValue('range', '1:5', '3')).toBeNull();
    expect(matchValue('range', 'a:b', 3)).toBeNull();
    expect(parseRange('5:1')).toBeNull();
    expect(parseRange('1:2:3')).toBeNull();
    expect(parseRange('15')).toBeNull();
  });

  it('AUD-5 a condition whose field has no value does not match (unknown: no audience qualifies on it)', () => {
    for (const match of ['exact', 'substring', 'regex', 'range']) expect(matchValue(match, 'x', undefined)).toBeNull();
    expect(matchValue('whatever', 'x', 'x')).toBeNull();
  });

  it('AUD-13 bad input is reported at validation with a clear message', () => {
    expect(valueProblem({ type: 't', match: 'regex', value: '[' })).toMatch(/^Invalid regular expression/);
    expect(valueProblem({ type: 't', match: 'range', value: 'x:1' })).toMatch(/A range must be "min:max"/);
    expect(valueProblem({ type: 't', match: 'nearly', value: 'x' })).toMatch(/Unknown match type "nearly"/);
    expect(valueProblem({ type: 't', match: 'exact', value: { a: 1 } })).toMatch(/An exact match needs/);
    expect(valueProblem({ type: 't', match: 'exists' })).toBeUndefined();
  });

  it('AUD-13 pathological regexes are refused and long inputs capped: no catastrophic backtracking', () => {
    for (const pattern of ['(a+)+$', '(a*)*b', '(\\w+\\s?)+$', '(a|aa)+$', '((ab)*)+', '(x+){2,}', '(a)\\1']) {
      expect(unsafeReason(pattern), pattern).toBeDefined();
      expect(regexProblem(pattern)).toMatch(/^Unsafe regular expression/);
      expect(testRegex(pattern, 'a'.repeat(50) + '!')).toBeNull();
    }
    for (const pattern of ['^/de-de/', '(www\\.)?example\\.com', '[a-z]+(-[a-z]+)?', 'a{2,3}', '\\(a+\\)+', '[(a+)+]']) {
      expect(unsafeReason(pattern), pattern).toBeUndefined();
    }
    expect(regexProblem('x'.repeat(2000))).toMatch(/longer than/);
    const [verdict, ms] = cpuTimed(() => testRegex('a+b', 'a'.repeat(100000)));
    expect(verdict).toBe(false);
    expect(ms).toBeLessThan(200);
    expect(testRegex('z$', 'a'.repeat(MAX_REGEX_INPUT) + 'z')).toBe(false);
    expect(compile('x', 'g')).toBeInstanceOf(RegExp);
  });

  it('compiled value tests answer what matchValue answers, for every match type, value and field value', () => {
    const matches = [undefined, 'exists', 'exact', 'substring', 'regex', 'range', 'gt', 7 as unknown as string];
    const expected: unknown[] = ['vip', '', 'pri', '^/p(ri)?', '(', '5:10', ':3', '2:', 'a:b', '10:5', 3, 0, NaN, true, false, null, undefined, { value: 'x' }, ['vip'], () => 1];
    const actual: unknown[] = ['vip', 'VIP', '', '/pricing', 'x'.repeat(MAX_REGEX_INPUT + 5) + '/pricing', 3, 5, 10, 11, -1, 0, NaN, Infinity, true, false, null, undefined, { value: 'vip' }, ['vip'], 3n];
    for (const match of matches) {
      for (const value of expected) {
        const test = compileValue(match, value);
        for (const field of actual) expect([match, value, field, test(field)]).toEqual([match, value, field, matchValue(match, value, field)]);
      }
    }
    const fn = () => 1;
    expect(compileValue('exact', fn)(fn)).toBe(matchValue('exact', fn, fn));
  });
});
