/**
 * What the guard (core/project/regex.ts) says when it refuses a pattern is what a project author reads in the
 * build's or the QA log's message: the place in the pattern (ten characters either side, and the character's
 * number), the kind of slowness (exponential, or the power of the input's length with the search from every
 * start counted when the pattern is not anchored) and the limits. Each message is checked whole.
 */
import { describe, expect, it } from 'vitest';
import { unsafeReason } from '../../../../core/project/regex';

const EXPONENTIAL = 'can match the same text in more than one way, so matching can take exponential time';
const ADVICE = '(seconds on a 2 KB URL); anchor it with ^ or use narrower classes than .*';

describe('what the guard says of a pattern it refuses', () => {
  it('URL-5 AUD-13 the place: the text ten characters either side of it, and its number counted from 1', () => {
    expect(unsafeReason('(a|a)+')).toBe(`the repetition around "(a|a)+" (character 2) ${EXPONENTIAL}`);
    expect(unsafeReason('^/products/items/(a|a)+$')).toBe(`the repetition around "ts/items/(a|a)+$" (character 19) ${EXPONENTIAL}`);
  });

  it('URL-5 AUD-13 loops that take the same text in turn: the power of the input\'s length, and the search from every start when not anchored', () => {
    expect(unsafeReason('^.*a.*b.*c')).toBe(
      `the repetitions at "^.*a.*b.*c" (character 2) and "^.*a.*b.*c" (character 5) and "^.*a.*b.*c" (character 8) can each take the same text in turn, so matching time grows with the cube of the input's length ${ADVICE}`,
    );
    expect(unsafeReason('.*a.*b')).toBe(
      `the search from every start (the pattern is not anchored with ^) and the repetitions at ".*a.*b" (character 1) and ".*a.*b" (character 4) can each take the same text in turn, so matching time grows with the cube of the input's length ${ADVICE}`,
    );
    // A ^ that anchors only the first alternative anchors nothing: the second is searched from every start.
    expect(unsafeReason('^x|.*a.*b.*c')).toMatch(/^the search from every start .* power 4 of the input's length/);
    // With m, ^ matches after every line end: not anchored either.
    expect(unsafeReason('^.*a.*b', 'm')).toMatch(/^the search from every start .* cube of the input's length/);
  });

  it('URL-5 AUD-13 a loop of several characters is quoted at its first; of two chains as long, the first in the pattern', () => {
    expect(unsafeReason('^(?:ab)*(?:ab)*(?:ab)*$')).toBe(
      `the repetitions at "^(?:ab)*(?:ab)" (character 5) and "(?:ab)*(?:ab)*(?:ab)" (character 12) and "(?:ab)*(?:ab)*$" (character 19) can each take the same text in turn, so matching time grows with the cube of the input's length ${ADVICE}`,
    );
    expect(unsafeReason('^(?:a*a*a*x|b*b*b*y)$')).toBe(
      `the repetitions at "^(?:a*a*a*x|b*" (character 5) and "^(?:a*a*a*x|b*b*" (character 7) and "^(?:a*a*a*x|b*b*b*" (character 9) can each take the same text in turn, so matching time grows with the cube of the input's length ${ADVICE}`,
    );
    expect(unsafeReason('a*a*x|b*b*y')).toBe(
      `the search from every start (the pattern is not anchored with ^) and the repetitions at "a*a*x|b*b*" (character 1) and "a*a*x|b*b*y" (character 3) can each take the same text in turn, so matching time grows with the cube of the input's length ${ADVICE}`,
    );
  });

  it('URL-5 AUD-13 each of up to 50 lookarounds is checked on its own; more are refused as too many to check', () => {
    expect(unsafeReason('(?=a)'.repeat(50))).toBeUndefined();
    expect(unsafeReason(`${'(?=a)'.repeat(49)}(?=(a|a)+$)`)).toBe(`the repetition around ")(?=a)(?=(a|a)+$)" (character 250) ${EXPONENTIAL}`);
    expect(unsafeReason('(?=a)'.repeat(51))).toBe('the pattern has more than 50 lookarounds, too many to be checked for catastrophic backtracking');
  });

  it('URL-5 AUD-13 the length limit counts characters: 1,000 pass, 1,001 do not', () => {
    expect(unsafeReason('[ab]'.repeat(250))).toBeUndefined();
    expect(unsafeReason(`${'[ab]'.repeat(250)}a`)).toBe('the pattern is longer than 1000 characters');
  });

  it('URL-5 AUD-13 no flags given means none: . does not take a line end', () => {
    expect(unsafeReason('^(?:.|\\n)+$')).toBeUndefined();
    expect(unsafeReason('^(?:.|\\n)+$', 's')).toBe(`the repetition around "^(?:.|\\n)+$" (character 5) ${EXPONENTIAL}`);
  });

  // Loops one after another cost a power of the input's length only when each can take the text the next
  // one takes; a separator that neither loop reads keeps the split unique.
  it.each([
    ['^\\d*x\\d*y\\d*$', undefined],
    ['^[a-m]*[n-z]*[0-9]*$', undefined],
    ['^/[a-z]*/[a-z]*/[a-z]*$', undefined],
    ['^[^/]*/[^/]*/[^/]*$', undefined],
    ['^(?:ab)*(?:ba)*(?:ab)*$', undefined],
    ['^\\d*\\d*\\d*$', 'cube'],
    ['^\\d*x?\\d*y?\\d*$', 'cube'],
    ['^/[a-z/]*/[a-z/]*/[a-z/]*$', 'cube'],
    ['^.*/.*/.*$', 'cube'],
    ['^(?:ab)*(?:ab)*(?:ab)*$', 'cube'],
  ] as const)('URL-5 AUD-13 loops in turn: /%s/ costs the %s of the length (undefined: linear)', (pattern, power) => {
    const reason = unsafeReason(pattern);
    if (power === undefined) expect(reason).toBeUndefined();
    else expect(reason).toContain(`grows with the ${power} of the input's length`);
  });
});
