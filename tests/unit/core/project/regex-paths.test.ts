/**
 * The guard's (core/project/regex.ts) counts of the cost of a pattern without nested loops. Alternatives
 * one after another that read the same text multiply the paths a failing search tries: more than 16,384
 * paths to one position, over texts of up to 64 characters, is refused. Loops one after another that can
 * take the same text in turn make the cost a power of the input's length: three are refused, unless the
 * pattern matches the empty text (every search then succeeds at its first start).
 */
import { describe, expect, it } from 'vitest';
import { unsafeReason } from '../../../../core/project/regex';

const ADVICE = '(seconds on a 2 KB URL); anchor it with ^ or use narrower classes than .*';

describe('alternatives in sequence', () => {
  it('URL-5 AUD-13 fifteen (a|a) in turn are 16,384 paths to each a, the most allowed; sixteen are refused at the last', () => {
    expect(unsafeReason(`^${'(?:a|a)'.repeat(15)}$`)).toBeUndefined();
    expect(unsafeReason(`^${'(?:a|a)'.repeat(16)}$`)).toBe(
      'the alternatives before "(?:a|a)(?:a|a)$" (character 110) can match the same text in more than 16384 ways, so matching can take exponential time',
    );
  });

  it('URL-5 AUD-13 paths are counted over texts of 64 characters: sixteen (a|a) after 48 characters are refused, after 49 not', () => {
    expect(unsafeReason(`^${'x'.repeat(48)}${'(?:a|a)'.repeat(16)}$`)).toBe(
      'the alternatives before "(?:a|a)(?:a|a)$" (character 158) can match the same text in more than 16384 ways, so matching can take exponential time',
    );
    expect(unsafeReason(`^${'x'.repeat(49)}${'(?:a|a)'.repeat(16)}$`)).toBeUndefined();
  });
});

describe('loops in turn', () => {
  it('URL-5 AUD-13 a pattern that matches the empty text costs nothing whatever its loops: every search succeeds at once', () => {
    expect(unsafeReason('(?:\\d*\\d*\\d*x)?')).toBeUndefined();
    expect(unsafeReason('^(?:\\d*\\d*\\d*x)?$')).toMatch(/cube of the input's length/);
  });

  it('URL-5 AUD-13 loops share text through any range of their classes: the x of [0-9x] links [a-z]* to [a-z]*', () => {
    expect(unsafeReason('^[a-z]*[0-9x]*[a-z]*$')).toBe(
      `the repetitions at "^[a-z]*[0-9" (character 2) and "^[a-z]*[0-9x]*[a-" (character 8) and "z]*[0-9x]*[a-z]*$" (character 15) can each take the same text in turn, so matching time grows with the cube of the input's length ${ADVICE}`,
    );
    expect(unsafeReason('^[a-z]*[0-9]*[a-z]*$')).toBeUndefined();
  });
});
