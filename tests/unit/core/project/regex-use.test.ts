/**
 * Using patterns from project data (core/project/regex-use.ts) and the fitted snippets' stand-in guard
 * (core/project/regex-checked.ts): the input cut, the flags kept, the cache of compiled patterns and its
 * bound, the messages; and that a fitted snippet checks only the length (the rest was checked at build).
 */
import { describe, expect, it } from 'vitest';
import * as checked from '../../../../core/project/regex-checked';
import { MAX_PATTERN, MAX_REGEX_INPUT, regexRun, regexUse } from '../../../../core/project/regex-use';

const noGuard = () => undefined;

describe('regex use: compiling and running project patterns', () => {
  it('URL-5 AUD-13 an input longer than the cap is cut before matching: what lies beyond it never matches', () => {
    const { testRegex } = regexRun(noGuard);
    expect(testRegex('x$', 'a'.repeat(MAX_REGEX_INPUT - 1) + 'x')).toBe(true);
    expect(testRegex('x$', 'a'.repeat(MAX_REGEX_INPUT) + 'x')).toBe(false);
    expect(testRegex('^a+$', 'a'.repeat(MAX_REGEX_INPUT) + '!')).toBe(true);
  });

  it('AUD-13 the i flag is kept; g and y are dropped, so a pattern answers the same every time it is asked', () => {
    const { testRegex } = regexRun(noGuard);
    expect(testRegex('^shop$', 'SHOP', 'i')).toBe(true);
    expect([testRegex('a', 'a', 'g'), testRegex('a', 'a', 'g'), testRegex('a', 'ba', 'y')]).toEqual([true, true, true]);
  });

  it('compiles a pattern once: asked again, the same compiled pattern is used', () => {
    const { compile } = regexRun(noGuard);
    expect(compile('^/cart')).toBe(compile('^/cart'));
    expect(compile('^/cart', 'i')).not.toBe(compile('^/cart'));
  });

  it('keeps at most about 500 compiled patterns: the cache is emptied when a new one would pass 501', () => {
    const { compile } = regexRun(noGuard);
    const first = compile('first');
    for (let i = 0; i < 500; i++) compile(`other-${i}`);
    expect(compile('first')).toBe(first);
    compile('one-more');
    expect(compile('first')).not.toBe(first);
  });

  it('AUD-13 an invalid or unsafe pattern is named in its message by its first 60 characters', () => {
    const unsafe = regexUse((pattern) => (pattern.startsWith('bad') ? 'too slow' : undefined));
    const long = '(' + 'x'.repeat(100);
    expect(unsafe.compile(long)).toBe(`Invalid regular expression ${JSON.stringify(long.slice(0, 60))}: ${invalidMessage(long)}`);
    expect(unsafe.regexProblem('bad+')).toBe('Unsafe regular expression "bad+": too slow');
    expect(unsafe.testRegex('bad+', 'bad')).toBeNull();
    expect(unsafe.regexProblem('good')).toBeUndefined();
    expect(unsafe.regexProblem(42)).toBe('A regular expression must be a string, got number');
  });
});

/** The engine's own message for an invalid pattern. */
const invalidMessage = (pattern: string) => {
  try {
    new RegExp(pattern);
  } catch (error) {
    return (error as Error).message;
  }
};

describe('regex guard of a fitted snippet', () => {
  it('URL-5 AUD-13 checks only the length: the data was checked by the full guard when the snippet was built', () => {
    expect(checked.unsafeReason('x'.repeat(MAX_PATTERN))).toBeUndefined();
    expect(checked.unsafeReason('x'.repeat(MAX_PATTERN + 1))).toBe(`the pattern is longer than ${MAX_PATTERN} characters`);
    expect(checked.regexProblem('x'.repeat(MAX_PATTERN + 1))).toMatch(/^Unsafe regular expression "x{60}": the pattern is longer than 1000 characters$/);
    expect(checked.testRegex('(a+)+$', 'aaa')).toBe(true);
  });
});
