/**
 * Counted repetitions in the guard (core/project/regex.ts). For the cost of loops in turn and of
 * alternatives in sequence, a count up to eight is read as that many copies (bounded work), a larger or
 * open one as a loop; for ambiguity, any repetition that can take its body twice is a loop, an optional
 * part (`?`, `{0,1}`) is not. The copies count toward the 400 character positions the guard follows.
 */
import { describe, expect, it } from 'vitest';
import { unsafeReason } from '../../../../core/project/regex';

const TOO_LARGE = 'the pattern is too large to be checked for catastrophic backtracking';

describe('counted repetitions', () => {
  it('URL-5 AUD-13 counts up to eight are copies, so three in turn cost nothing; from nine on they are loops taking the same digits in turn', () => {
    expect(unsafeReason('^\\d{1,8}\\d{1,8}\\d{1,8}x$')).toBeUndefined();
    expect(unsafeReason('^\\d{1,9}\\d{1,9}\\d{1,9}x$')).toBe(
      'the repetitions at "^\\d{1,9}\\d{" (character 2) and "^\\d{1,9}\\d{1,9}\\d{" (character 9) and ",9}\\d{1,9}\\d{1,9}x$" (character 16) ' +
        "can each take the same text in turn, so matching time grows with the cube of the input's length (seconds on a 2 KB URL); anchor it with ^ or use narrower classes than .*",
    );
  });

  it('URL-5 AUD-13 fixed counts are no loops: a date written YYYYMMDD before a number is accepted', () => {
    expect(unsafeReason('^\\d{4}\\d{2}\\d{2}-\\d+$')).toBeUndefined();
  });

  it('URL-5 AUD-13 an optional group around a loop is taken once at most, so it is no loop in a loop', () => {
    expect(unsafeReason('^(\\d+)?\\.\\d+$')).toBeUndefined();
    expect(unsafeReason('^(\\d+){0,1}\\.\\d+$')).toBeUndefined();
    expect(unsafeReason('^(\\d+){0,2}\\.\\d+$')).toBe(
      'the repetition around "^(\\d+){0,2}\\" (character 3) can match the same text in more than one way, so matching can take exponential time',
    );
  });

  it('URL-5 AUD-13 the guard follows 400 character positions, the copies of a count included', () => {
    expect(unsafeReason('x'.repeat(400))).toBeUndefined();
    expect(unsafeReason('x'.repeat(401))).toBe(TOO_LARGE);
    // 393 characters and seven optional copies of y are 400 positions; eight are one too many.
    expect(unsafeReason(`${'x'.repeat(393)}y{0,7}`)).toBeUndefined();
    expect(unsafeReason(`${'x'.repeat(393)}y{0,8}`)).toBe(TOO_LARGE);
  });
});
