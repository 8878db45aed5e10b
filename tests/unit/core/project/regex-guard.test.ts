/**
 * The backtracking guard (core/project/regex.ts) for page URL rules (URL-5) and audience regex
 * conditions (AUD-13): known ReDoS patterns are refused, with a message naming the repetition, in well
 * under the time bound; everyday patterns are accepted and run within the bound on adversarial input of
 * the capped length; page URL rules go through the same guard, at run time and when a project is checked.
 */
import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../../core/testing';
import { compile, MAX_REGEX_INPUT, regexProblem, testRegex, unsafeReason } from '../../../../core/project/regex';
import { normalizeProjectData, validateProject } from '../../../../core/project';
import type { ProjectData, UrlCondition } from '../../../../core/project/types';
import pages, { createUrlMatcher } from '../../../../plugins/modules/pages';
import type { PagesModule } from '../../../../core';
import { fakeWindow } from '../../plugins/view-providers/fake-window';
import { cpuTimed, timeBound } from '../../../support/time-bound';

/**
 * Time bound for one check, and for one match of an accepted pattern on adversarial input (widened under
 * mutation testing, see timeBound): generous for a loaded 2-core machine (they take about a millisecond),
 * far below what a refused pattern costs on these inputs (seconds to hours).
 */
const BOUND_MS = timeBound(250);

/** Known ReDoS patterns (OWASP, regex101 and CVE reports): each backtracks exponentially on a near-miss input. */
const REDOS = [
  '(a+)+$',
  '(a*)*b',
  '([a-zA-Z]+)*$',
  '(a|aa)+$',
  '(a|a?)+$',
  '(.*a){12}',
  '^(\\d+)*$',
  '(\\w+\\s?)*$',
  '^(\\w+\\.?)*\\w+@',
  '(x+x+)+y',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$',
  '(a|b|ab)*c',
  '(a*b*)*c',
  '(\\d|\\d\\d)+-',
  '^(a+|a+b)+$',
  '(a|a){1,30}$',
  '(?=(a+)+$)x',
  '((ab)*)+$',
  '(.*)*x',
];

/** Patterns of polynomial cost with three or more loops in a chain: cubic or worse, seconds on a 2 KB URL. */
const CUBIC = ['.*a.*b', 'a.*b.*c', '.*shop.*product', '/shop/.*/product/.*/detail', '^.*a.*b.*c', '\\s*\\s*\\s*x'];

/** Everyday patterns of page URL rules and audiences: unambiguous, so accepted. */
const SAFE = [
  '(foo|bar)+',
  '[a-z]+(-[a-z]+)*',
  '^(pro|team)(-[a-z]+)*$',
  '^/de-de/',
  '^(https?://)?(www\\.)?example\\.com/(de|fr)/',
  '^/shop/.*/item-\\d+$',
  '.*checkout.*',
  '^/products/[0-9]+$',
  '\\.(jpg|png|gif)$',
  '(\\d{1,3}\\.){3}\\d{1,3}',
  '^[\\w.+-]+@[\\w-]+\\.[\\w.]+$',
  '^/(?<lang>[a-z]{2})/',
  '(a|ab)*c',
  '[^/]+/[^/]+$',
  '^/blog/(\\d{4})/(\\d{2})/[a-z0-9-]+/?$',
  '.*checkout.*',
  '/shop/.*/product/.*',
  '^/shop/.*/product/.*/detail',
  '^[^/?#]+/de-de(?:[?#]|$)',
  '/demo/example(?:[?#]|$)',
];

const timed = cpuTimed;

describe('the backtracking guard', () => {
  it('URL-5 AUD-13 refuses every known ReDoS pattern, naming the repetition, within the time bound', () => {
    for (const pattern of REDOS) {
      const [reason, ms] = timed(() => unsafeReason(pattern));
      expect(reason, pattern).toMatch(/can match the same text in more than one way, so matching can take exponential time/);
      expect(ms, pattern).toBeLessThan(BOUND_MS);
      expect(regexProblem(pattern)).toMatch(/^Unsafe regular expression "/);
      // Refused patterns never run: a near-miss input that would freeze the page answers at once.
      const [verdict, runMs] = timed(() => testRegex(pattern, 'a'.repeat(40) + '!'));
      expect(verdict).toBeNull();
      expect(runMs).toBeLessThan(BOUND_MS);
    }
  });

  it('URL-5 AUD-13 refuses patterns whose cost grows with the cube of the input (three loops reading the same text in turn), saying which', () => {
    for (const pattern of CUBIC) {
      const [reason, ms] = timed(() => unsafeReason(pattern));
      expect(reason, pattern).toMatch(/can each take the same text in turn, so matching time grows with the (cube|power \d) of the input's length/);
      expect(ms, pattern).toBeLessThan(BOUND_MS);
    }
    expect(unsafeReason('.*a.*b')).toMatch(/^the search from every start \(the pattern is not anchored with \^\) and the repetitions at ".*a.*b" \(character 1\) and ".*a.*b" \(character 4\)/);
  });

  it('URL-5 AUD-13 the message says where: the repetition of "(a+)+$" and of the OWASP e-mail pattern', () => {
    expect(unsafeReason('(a+)+$')).toContain('around "(a+)+$" (character 2)');
    expect(unsafeReason('^/x/(\\w+\\s?)*$')).toContain('(character 6)');
  });

  it('URL-5 AUD-13 accepts unambiguous patterns such as (foo|bar)+ and [a-z]+(-[a-z]+)*, which run within the bound on adversarial input', () => {
    const inputs = [
      'a'.repeat(MAX_REGEX_INPUT),
      'foo'.repeat(700) + '!',
      'ab-'.repeat(700) + '-',
      '/'.repeat(MAX_REGEX_INPUT),
      '1.'.repeat(1000) + 'x',
      'checkou'.repeat(292),
      '/shop/product/'.repeat(146),
      'x/de-de/'.repeat(256),
    ];
    for (const pattern of SAFE) {
      expect(unsafeReason(pattern), pattern).toBeUndefined();
      expect(compile(pattern)).toBeInstanceOf(RegExp);
      for (const input of inputs) {
        const [, ms] = timed(() => testRegex(pattern, input));
        expect(ms, `${pattern} on ${input.slice(0, 12)}...`).toBeLessThan(BOUND_MS);
      }
    }
    expect(testRegex('(foo|bar)+', 'xbarfoo')).toBe(true);
    expect(testRegex('^[a-z]+(-[a-z]+)*$', 'de-de-berlin')).toBe(true);
    expect(testRegex('^[a-z]+(-[a-z]+)*$', 'de--de')).toBe(false);
  });

  it('AUD-13 backreferences, overlong and invalid patterns are refused with their own messages', () => {
    expect(regexProblem('(a)\\1')).toMatch(/backreferences are not allowed/);
    expect(regexProblem('(?<x>a)\\k<x>')).toMatch(/backreferences are not allowed/);
    expect(regexProblem('x'.repeat(1001))).toMatch(/longer than 1000 characters/);
    expect(regexProblem('([a-')).toMatch(/^Invalid regular expression "\(\[a-": /);
    expect(regexProblem(7)).toBe('A regular expression must be a string, got number');
  });
});

describe('page URL rules go through the guard (URL-5)', () => {
  const rule = (value: string): UrlCondition => ({ type: 'url', match: 'regex', value });

  it('URL-5 an unsafe page URL regex never runs: reported once, never matches, answers at once on a long path', () => {
    const refused: unknown[] = [];
    const matches = createUrlMatcher(undefined, (_pattern, reason) => refused.push(reason));
    expect(matches(rule('(a+)+$'), 'https://example.com/x')).toBe(false);
    expect(refused).toEqual([expect.stringMatching(/^Unsafe regular expression "\(a\+\)\+\$": .*exponential time/)]);
    const [matched, ms] = timed(() => matches(rule('(a+)+$'), 'https://example.com/' + 'a'.repeat(40) + '!'));
    expect(matched).toBe(false);
    expect(ms).toBeLessThan(BOUND_MS);
    expect(refused).toHaveLength(1);
  });

  it('URL-5 the pages module logs why an unsafe rule never matches; safe rules still match', async () => {
    const t = bootKernel({
      plugins: [pages()],
      win: fakeWindow('https://example.com/de-de/shop'),
      validate: false,
      data: { pages: [{ id: 'p1', apiName: 'p', staticConditions: [rule('^/(a+)+$')] }] },
    });
    await t.settle();
    const module = t.get('pages') as PagesModule;
    expect(module.matchUrl(rule('^/(a+)+$'))).toBe(false);
    expect(module.matchUrl(rule('^/[a-z]+(-[a-z]+)*/shop$'))).toBe(true);
    expect(t.logs.some((line) => line.level == 'error' && line.text.includes('Unsafe regular expression "^/(a+)+$"'))).toBe(true);
  });

  it('URL-5 a project whose page URL regex is unsafe is refused when it is checked, with the reason', () => {
    const project = {
      projectId: 'p',
      accountId: 'a',
      revision: 1,
      pages: [{ id: 'p1', apiName: 'p', activationType: 'immediate', staticConditions: [rule('^/(\\w+\\s?)*$')] }],
    } as unknown as ProjectData;
    const problems = validateProject(normalizeProjectData(project)).map((problem) => `${problem.severity} ${problem.path}: ${problem.message}`);
    expect(problems).toEqual([expect.stringMatching(/^error pages\[0\]\.staticConditions\[0\]\.value: Unsafe regular expression: the repetition around .*exponential time/)]);
  });
});
