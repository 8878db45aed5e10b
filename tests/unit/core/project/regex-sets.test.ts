/**
 * The guard (core/project/regex.ts) reads each atom of a pattern as the set of characters it matches. If it
 * reads one wrong (`\D` as `\d`, a class's range one short, a negated class without its case partners), it
 * accepts a pattern that backtracks or refuses an everyday one. The engine itself is the reference here:
 * `^(?:X|Y)+$` backtracks exponentially exactly when some character matches both X and Y, so for every pair
 * of atoms below the guard must refuse it when the engine finds a shared character (among every code unit)
 * and accept it when there is none.
 */
import { describe, expect, it } from 'vitest';
import { unsafeReason } from '../../../../core/project/regex';

/** Atoms that each match one character, in every spelling the parser reads differently. */
const ATOMS = [
  'a', 'b', 'A', 'k', 's', '-', '0', '9', '_', ' ', 'é', 'É', 'ω',
  '\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '.',
  '\\t', '\\n', '\\v', '\\f', '\\r', '\\0', '\\x41', '\\x61', '\\u0041', '\\u00e9', '\\cA', '\\cj', '\\-', '\\.',
  '[a-c]', '[^a-c]', '[b-d]', '[\\d]', '[^\\d]', '[\\D]', '[\\w-]', '[a\\-z]', '[-a]', '[a-]', '[\\b]', '[.]',
  '[\\x41-\\x43]', '[\\u0061-\\u0063]', '[^\\s]', '[\\S]', '[^\\W]', '[a-\\d]', '[\\t-\\r]', '[à-ÿ]', '[^a-zA-Z]',
  '[0-8]', '[^0-8]', '[\\cA-\\cC]', '[\\0]',
];

/** The flags that change what an atom matches: none, case folding without and with `u`, `.` matching line ends. */
const FLAGS = ['', 'i', 'iu', 's'];

const UNITS = 0x10000;

/** Every code unit outside the surrogates, in order: one string the engine scans in one pass. */
const PLAIN = Array.from({ length: 0xd800 }, (_, code) => String.fromCharCode(code)).join('') +
  Array.from({ length: UNITS - 0xe000 }, (_, at) => String.fromCharCode(0xe000 + at)).join('');

/** The code units the engine matches with `atom` alone: one bit each, and their list. */
interface Members {
  readonly bits: Uint8Array;
  readonly codes: number[];
}

const membership = (atom: string, flags: string): Members => {
  const bits = new Uint8Array(UNITS);
  // Each atom matches one character, so a global scan finds every matching one.
  for (const found of PLAIN.matchAll(new RegExp(`(?:${atom})`, `${flags}g`))) {
    const code = found[0].charCodeAt(0);
    bits[code] = 1;
  }
  // Surrogates one by one: in one string, the `u` flag would read a high and a low one as one character.
  const alone = new RegExp(`^(?:${atom})$`, flags);
  for (let code = 0xd800; code < 0xe000; code++) if (alone.test(String.fromCharCode(code))) bits[code] = 1;
  const codes: number[] = [];
  for (let code = 0; code < UNITS; code++) if (bits[code]) codes.push(code);
  return { bits, codes };
};

const isUnicodeAtom = (atom: string): boolean => {
  try {
    new RegExp(atom, 'u');
    return true;
  } catch {
    return false;
  }
};

/** A code unit both match, or -1: the shorter list looked up in the other's bits. */
const shared = (a: Members, b: Members): number => {
  const [few, many] = a.codes.length <= b.codes.length ? [a, b] : [b, a];
  return few.codes.find((code) => many.bits[code] === 1) ?? -1;
};

describe('the guard reads each atom as the characters the engine matches', () => {
  for (const flags of FLAGS) {
    it(`URL-5 AUD-13 /${flags}: (?:X|Y)+ is refused exactly when X and Y share a character`, () => {
      // The `u` flag refuses some atoms (`\-`, `\cA` in a class...): those are left out of its round.
      const atoms = flags.includes('u') ? ATOMS.filter(isUnicodeAtom) : ATOMS;
      const bits = atoms.map((atom) => membership(atom, flags));
      const wrong: string[] = [];
      for (let x = 0; x < atoms.length; x++) {
        for (let y = x; y < atoms.length; y++) {
          const pattern = `^(?:${atoms[x]}|${atoms[y]})+$`;
          const refused = unsafeReason(pattern, flags) !== undefined;
          const at = shared(bits[x], bits[y]);
          if (at >= 0 && !refused) wrong.push(`${pattern} accepted, both match U+${at.toString(16).padStart(4, '0')}`);
          if (at < 0 && refused) wrong.push(`${pattern} refused, no character matches both`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('URL-5 AUD-13 a pattern of one atom repeated stays accepted, whatever the atom', () => {
    for (const flags of FLAGS) for (const atom of flags.includes('u') ? ATOMS.filter(isUnicodeAtom) : ATOMS) expect(unsafeReason(`^(?:${atom})+$`, flags), `${atom} /${flags}`).toBeUndefined();
  });
});
