/**
 * The guard (core/project/regex.ts) reads the whole of the engine's pattern syntax, not only characters and
 * classes: escapes that are identity escapes without `u` (`\k`, a `\x` or `\u` without its hex digits),
 * code point escapes and property classes with `u`, lookarounds (checked on their own), named groups,
 * lazy and counted repetitions, anchors, and its own limits. Each row is a pattern whose verdict depends on
 * one of these being read as the engine reads it: a misread one either lets an exponential pattern through
 * or refuses an everyday one.
 */
import { describe, expect, it } from 'vitest';
import { unsafeReason } from '../../../../core/project/regex';

const EXPONENTIAL = 'can match the same text in more than one way';
const BACKREFERENCE = 'backreferences are not allowed';

/** [pattern, flags, what the refusal says, or undefined when it is accepted, why]. */
const ROWS: readonly (readonly [string, string, string | undefined, string])[] = [
  ['(a)\\1', '', BACKREFERENCE, 'a numbered backreference'],
  ['(?<n>a)\\k<n>', '', BACKREFERENCE, 'a named backreference'],
  ['(?<n>a)\\k<n>', 'u', BACKREFERENCE, 'a named backreference with u'],
  ['^[\\1]+$', '', undefined, 'a digit escape inside a class is a character, not a backreference'],
  ['^(?:\\k|k)+$', '', EXPONENTIAL, '\\k with no group name is the letter k without u'],
  ['^(?:\\k|j)+$', '', undefined, '\\k is k, never j'],
  ['^(?:\\xZ|xZ)+$', '', EXPONENTIAL, '\\x without two hex digits is the letter x'],
  ['^(?:\\uZ|uZ)+$', '', EXPONENTIAL, '\\u without four hex digits is the letter u'],
  ['^(?:\\u{61}|a)+$', 'u', EXPONENTIAL, 'a code point escape reads as its character'],
  ['^(?:\\u{62}|a)+$', 'u', undefined, 'and as no other'],
  ['^(?:\\p{L}|a)+$', 'u', EXPONENTIAL, 'a property class holds letters'],
  ['^(?:\\p{L}x|ax)+$', 'u', EXPONENTIAL, 'the property name in braces is skipped, the x after it read'],
  ['^(?=(a|a)+$)x', '', EXPONENTIAL, 'a lookahead is checked on its own'],
  ['^(?!(a|a)+$)x', '', EXPONENTIAL, 'a negative lookahead too'],
  ['^x(?<=(a|a)+)', '', EXPONENTIAL, 'a lookbehind too'],
  ['^x(?<!(a|a)+)', '', EXPONENTIAL, 'a negative lookbehind too'],
  ['^(?:(?=a)|a)+$', '', undefined, 'a lookahead reads no character: the loop has one way to take each a'],
  ['^(?:(?=a)a|a)+$', '', EXPONENTIAL, 'so an a after it is read as if alone'],
  ['^(?:(?!b)a|a)+$', '', EXPONENTIAL, 'and after a negative lookahead too'],
  ['^(?<name>a|a)+$', '', EXPONENTIAL, 'a named group is a group'],
  ['^(?<name>a|b)+$', '', undefined, 'a named group of distinct alternatives'],
  ['^(a|a)+?$', '', EXPONENTIAL, 'a lazy loop tries the same paths in another order'],
  ['^(?:a+?\\+|\\+)*$', '', undefined, 'the ? of a lazy loop is read once: +? is no + character'],
  ['^(?:a|a){2,}$', '', EXPONENTIAL, 'an open count is a loop'],
  ['^(?:a|b){2,}$', '', undefined, 'an open count of distinct alternatives'],
  ['^(?:a$|a)+', '', undefined, 'without m, $ ends the text: a$ can only be the last a'],
  ['(?:$|\\$)+x', '', undefined, 'without m, $ is the end, not a dollar: a dollar is read one way'],
  ['^(?:a$\\n|a\\n)+$', 'm', EXPONENTIAL, 'with m, $ is before a line end, which the text may go on after'],
  ['^(?:\\n^a|\\na)+$', 'm', EXPONENTIAL, 'with m, ^ is after a line end'],
  ['(?:^|\\^)+x', '', undefined, '^ is a place, not a circumflex: a circumflex is read one way'],
  ['^(?:\\cJ|\\n)+$', '', EXPONENTIAL, 'a control escape is its control character'],
  ['^(?:[^]|a)+$', '', EXPONENTIAL, 'an empty negated class is every character'],
  ['^(?:[\\]]|\\])+$', '', EXPONENTIAL, 'an escaped bracket inside a class'],
  ['^(?:[a-]|-)+$', '', EXPONENTIAL, 'a hyphen at the end of a class is a hyphen'],
  ['^(?:[\\w-]|-)+$', '', EXPONENTIAL, 'a hyphen after a class escape is a hyphen'],
  ['^(?:[x-z]|y)+$', '', EXPONENTIAL, 'a range holds the characters between its ends'],
  ['^(?:[x-z]|w)+$', '', undefined, 'and none outside them'],
  ['(a)(b)(c)(d)(e)(f)(g)(h)(i)\\9', '', BACKREFERENCE, 'a backreference to the ninth group'],
  ['^/search\\?q=\\d+$', '', undefined, 'an escaped ? is the character, not a backreference'],
  ['^(?:\\B|a)+$', '', undefined, '\\B reads no character'],
  ['^(?:[\\B]|B)+$', '', EXPONENTIAL, 'inside a class without u, \\B is the letter B'],
  ['^(?:\\c1|\\\\c1)+$', '', EXPONENTIAL, '\\c before a non-letter is a backslash, then c'],
  ['^(?:[\\c1]|\\x11)+$', '', EXPONENTIAL, 'inside a class, \\c before a digit is a control character'],
  [`^${'(?:a|a|a)'.repeat(9)}\\c`, '', 'can match the same text in more than 16384 ways', '\\c ending the pattern is a backslash, which 3^9 paths reach'],
  ['^(?:[\\c*]|c)+$', '', EXPONENTIAL, 'inside a class, \\c before another character is a backslash and c'],
  ['^(?:\\x00|\\0)+$', '', EXPONENTIAL, '\\x00 is the character 0'],
  ['^(?:\\u0000|\\0)+$', '', EXPONENTIAL, '\\u0000 is the character 0'],
  ['^(?:\\u{2}|uu)+$', '', EXPONENTIAL, 'without u, \\u{2} is the letter u twice'],
  ['^(?:\\p{2,})+$', '', EXPONENTIAL, 'without u, \\p{2,} is the letter p repeated'],
  ['^(?:\\p{L}|q)+$', '', undefined, 'without u, \\p is the letter p'],
  ['^(?:\\u{1F600}|\u{1F600})+$', 'u', EXPONENTIAL, 'an astral code point escape may read what the character reads'],
  ['^(?:\\u{ffff}|a)+$', 'u', undefined, 'the last code point of one unit is that unit'],
  ['^(?:(?<=a)|a)+$', '', undefined, 'a lookbehind reads no character either'],
  ['^(?:[^a]|\\^)+$', '', EXPONENTIAL, 'a negated class holds ^'],
  ['^(?:[\\d-z]|a)+$', '', undefined, 'a hyphen after a class escape is a hyphen, not a range'],
  ['^(?:a|a){x}b{2}$', '', undefined, 'a brace that opens no count is a character: (a|a) is not repeated'],
  ['^(?:[^\\d\\D]*)*$', '', undefined, 'a class no character matches reads nothing: no loop around it'],
  ['^(?:[^\\0-\\ufffe]|\\uffff)+$', '', EXPONENTIAL, 'the complement of all but the last code unit is that unit'],
  ['(?:ab|cd)'.repeat(111), '', 'the pattern is too large to be checked', 'more positions than the guard follows'],
  ['(?:ab|cd)'.repeat(99), '', undefined, 'fewer positions than the guard follows, and as many characters'],
];

describe('the guard reads the engine\'s syntax', () => {
  const cases = ROWS.map(([pattern, flags, refusal, why]) => ({ pattern, flags, refusal, why, shown: pattern.length > 40 ? `${pattern.slice(0, 36)}...` : pattern }));
  it.each(cases)('URL-5 AUD-13 /$shown/$flags: $why', ({ pattern, flags, refusal }) => {
    // The engine accepts every row's pattern: the guard is only asked about valid ones.
    expect(() => new RegExp(pattern, flags)).not.toThrow();
    const reason = unsafeReason(pattern, flags);
    if (refusal === undefined) expect(reason).toBeUndefined();
    else expect(reason).toContain(refusal);
  });
});
