/**
 * With `i`, the guard (core/project/regex.ts) compares characters as the engine folds their case, which
 * differs with and without `u`: `(?:A|B)+` backtracks exponentially exactly when A and B read one same
 * character, so the guard refuses it exactly when the engine's own matching says the character of B matches
 * A. Each row is a pair the engine folds together in one mode and not in the other, or a class (`\w`) whose
 * members the flags change.
 */
import { describe, expect, it } from 'vitest';
import { unsafeReason } from '../../../../core/project/regex';

/** [an atom, a character, the flags]. */
const ROWS: readonly (readonly [string, string, string])[] = [
  ['k', '\u212a', 'iu'], // the Kelvin sign folds to k with u...
  ['k', '\u212a', 'i'], // ...and without u stays apart: no character beyond ASCII becomes an ASCII one
  ['ß', '\u1e9e', 'iu'], // ß and the capital sharp s fold together with u...
  ['ß', '\u1e9e', 'i'], // ...not without: the upper case of ß is two letters, SS
  ['\u0390', '\u1fd3', 'i'], // two characters whose upper case is the same three characters stay apart...
  ['\u0390', '\u1fd3', 'iu'], // ...and are one with u (simple case folding), though each is its own lower case
  ['\u03b0', '\u1fe3', 'iu'], // the same for upsilon with dialytika and tonos
  ['\ufb05', '\ufb06', 'iu'], // and for the two st ligatures (upper case ST)
  ['i', '\u0130', 'iu'], // İ folds to no single character, so it is not i...
  ['i', '\u0130', 'i'], // ...in either mode
  ['\\w', '\u017f', 'i'], // ſ is no word character with i alone,
  ['\\w', '\u017f', 'u'], // nor with u alone,
  ['\\w', '\u017f', 'iu'], // but with both it folds to s, which is one
  ['\\w', '\u017f', 'iv'], // and v is u there
  ['\\w', '\u212a', 'iu'], // the Kelvin sign too
];

const escaped = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe('the guard folds case as the engine does', () => {
  it.each(ROWS)('URL-5 AUD-13 (?:%s|%s)+ with %s is refused exactly when the engine matches the character with the atom', (atom, ch, flags) => {
    const shared = new RegExp(`^(?:${atom})$`, flags).test(ch);
    const pattern = `^(?:${atom}|${escaped(ch)})+$`;
    const reason = unsafeReason(pattern, flags);
    // The place quoted: the atom's first character (the fifth), with up to ten characters after it.
    if (shared) expect(reason).toBe(`the repetition around "${pattern.slice(0, 14)}" (character 5) can match the same text in more than one way, so matching can take exponential time`);
    else expect(reason).toBeUndefined();
  });

  it('URL-5 AUD-13 the rows cover both verdicts', () => {
    const verdicts = ROWS.map(([atom, ch, flags]) => new RegExp(`^(?:${atom})$`, flags).test(ch));
    expect(verdicts).toEqual([true, false, true, false, false, true, true, true, false, false, false, false, true, true, true]);
  });
});
