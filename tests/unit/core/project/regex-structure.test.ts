/**
 * The backtracking guard (core/project/regex.ts) decides on the pattern's structure, not its look (issue 35):
 * ambiguity from overlapping alternatives one after another, bounded repetitions whatever their counts,
 * case folding beyond ASCII with `i`/`u`, and the same analysis for a `url_regex` tag locator when the
 * project is checked. A seeded property test generates patterns known to be exponential or super-linear:
 * each is refused, or an accepted one matches a 64-character adversarial input in under 50 ms.
 */
import { describe, expect, it } from 'vitest';
import { normalizeProjectData, validateProject } from '../../../../core/project';
import { unsafeReason } from '../../../../core/project/regex';
import type { ProjectData } from '../../../../core/project/types';
import { envNumber, seeded, type Seeded } from '../../../support/seeded';
import { cpuTimed, timeBound } from '../../../support/time-bound';

/** Issue 35's patterns that walked around the guard, with their flags. */
const WALKED_AROUND: Array<[string, string]> = [
  ['^' + '(a|a)'.repeat(40) + '$', ''],
  ['^((a|a){8}){5}$', ''],
  ['^/(?:\\w{1,8}/?){1,8}$', ''],
  ['^(é|É)+$', 'i'],
  ['^(s|ſ)+$', 'iu'],
];

/** Everyday patterns with alternatives, bounded repetitions and the `i` flag: unambiguous, so accepted. */
const STILL_SAFE: Array<[string, string]> = [
  ['^(\\d|\\d\\d)/(\\d|\\d\\d)/(\\d\\d|\\d\\d\\d\\d)$', ''],
  ['^[a-z]{2}-\\d{4}$', ''],
  ['^/blog/\\d{4}/\\d{2}/[\\w-]+$', ''],
  ['^' + '(foo|bar)'.repeat(20) + '$', ''],
  ['^/(de|fr|es|it)/(produkte|produits|productos|prodotti)/\\d{1,6}$', 'i'],
  ['^(é|e)t(é|e)$', 'i'],
  ['^[a-zäöüß]+(-[a-zäöüß]+)*$', 'iu'],
];

/** How long one run of `re` on `input` takes, in CPU ms. */
const runMs = (re: RegExp, input: string): number => cpuTimed(() => re.test(input))[1];

/** Two different ways to read one character (alternatives that overlap), in several spellings. */
const overlapping = (random: Seeded): string =>
  random.pick(['(a|a)', '(a|[a-c])', '(\\w|a)', '(a|\\w)', '(?:a|[^b])', '(a|a?)', '(\\d|[0-5])']);
/** A class reading the adversarial text's letter. */
const letter = (random: Seeded): string => random.pick(['a', '\\w', '[a-z]', '[^/]', '.']);
/** Case partners beyond ASCII, with the flags that make them equal. */
const FOLDED: Array<[string, string, string]> = [
  ['é', 'É', 'i'],
  ['ω', 'Ω', 'i'],
  ['ä', 'Ä', 'iu'],
  ['s', 'ſ', 'iu'],
  ['k', '\u212a', 'iu'],
];

/** Patterns known to backtrack exponentially or super-linearly, each with the character its adversarial text repeats. */
const superLinear = (random: Seeded): { pattern: string; flags: string; ch: string } => {
  switch (random.int(5)) {
    case 0: // overlapping alternatives one after another, more times than the guard lets pass
      return { pattern: '^' + Array.from({ length: 15 + random.int(40) }, () => overlapping(random)).join('') + '$', flags: '', ch: 'a' };
    case 1: // bounded repetitions of an ambiguous body, nested
      return { pattern: `^(${overlapping(random)}{${2 + random.int(8)}}){${2 + random.int(8)}}$`, flags: '', ch: 'a' };
    case 2: // a bounded piece with an optional separator, repeated a bounded number of times
      return { pattern: `^/(?:${letter(random)}{1,${2 + random.int(12)}}${random.pick(['/?', '-?', '\\.?', ''])}){1,${2 + random.int(12)}}$`, flags: '', ch: 'a' };
    case 3: {
      // one character in two cases, folded together by the flags
      const [lower, upper, flags] = random.pick(FOLDED);
      return { pattern: `^(${random.pick([`${lower}|${upper}`, `${upper}|${lower}`, `[${lower}]|${upper}`])})${random.pick(['+', '*', '{1,20}'])}$`, flags, ch: lower };
    }
    default: // a loop inside a loop, with bounded or unbounded counts
      return { pattern: `^(${letter(random)}${random.pick(['+', '*', '{1,5}', '{2,8}'])})${random.pick(['+', '*', '{1,8}', '{2,9}'])}$`, flags: '', ch: 'a' };
  }
};

describe('the backtracking guard decides on the structure', () => {
  it('URL-5 AUD-13 the patterns of issue 35 that walked around the guard are refused, each check within 250 ms', () => {
    for (const [pattern, flags] of WALKED_AROUND) {
      const [reason, ms] = cpuTimed(() => unsafeReason(pattern, flags));
      expect(reason, `${pattern} /${flags}`).toMatch(/exponential time/);
      expect(ms).toBeLessThan(timeBound(250));
    }
  });

  it('URL-5 AUD-13 unambiguous patterns with alternatives, bounded repetitions and case folding are still accepted', () => {
    for (const [pattern, flags] of STILL_SAFE) expect(unsafeReason(pattern, flags), `${pattern} /${flags}`).toBeUndefined();
  });

  it('URL-5 a url_regex tag locator is checked by the same guard when the project is checked', () => {
    const project = {
      projectId: 'p',
      accountId: 'a',
      revision: 1,
      pages: [
        {
          id: 'p1',
          apiName: 'p',
          staticConditions: [{ type: 'url', match: 'substring', value: '/' }],
          tags: [
            { apiName: 'section', locatorType: 'url_regex', locator: '^https?://[^/]+/(\\w+)/' },
            { apiName: 'nested', locatorType: 'url_regex', locator: '/((\\w+)+)$' },
            { apiName: 'broken', locatorType: 'url_regex', locator: '/(' },
          ],
        },
      ],
    } as unknown as ProjectData;
    const problems = validateProject(normalizeProjectData(project)).map((problem) => `${problem.path}: ${problem.message}`);
    expect(problems).toEqual([
      expect.stringMatching(/^pages\[0\]\.tags\[1\]\.locator: Unsafe regular expression: the repetition around .*exponential time/),
      expect.stringMatching(/^pages\[0\]\.tags\[2\]\.locator: Invalid regular expression/),
    ]);
  });

  it('URL-5 AUD-13 seeded: generated super-linear patterns are refused, or match a 64-character adversarial input in under 50 ms', () => {
    const seed = envNumber('VARIA_REGEX_SEED', 35);
    const random = seeded(seed);
    let refused = 0;
    const rounds = envNumber('VARIA_REGEX_ROUNDS', 150);
    for (let round = 0; round < rounds; round++) {
      const { pattern, flags, ch } = superLinear(random);
      const reason = unsafeReason(pattern, flags);
      if (reason) {
        refused++;
        continue;
      }
      // Accepted: it must be fast on the text that makes such patterns backtrack (a run of the letter, then a miss).
      const re = new RegExp(pattern, flags);
      for (const input of [ch.repeat(63) + '!', '/' + ch.repeat(62) + '!']) expect(runMs(re, input), `seed ${seed}: ${pattern} /${flags} on ${input}`).toBeLessThan(50);
    }
    // Every generated pattern here is one a backtracking engine takes exponential or super-linear time on.
    expect(refused).toBe(rounds);
  });
});
