/**
 * URL rules as site owners write them (URL-1..6): rules without a host, wildcards in simple rules,
 * regexes on the path, and the validator's warning for rules that can never match. The table is the one
 * in plugins/modules/pages/README.md; each row is checked here.
 */
import { describe, expect, it } from 'vitest';
import { normalizeProjectData, validateProject } from '../../../../../core/project';
import type { UrlCondition } from '../../../../../core/project/types';
import { createUrlMatcher } from '../../../../../plugins/modules/pages';

const matches = createUrlMatcher();
const PAGE = 'https://www.example.com/pricing/?plan=pro#faq';
type Row = [UrlCondition['match'], string, string, boolean];

// [rule, value, page URL, matches]
const TABLE: Row[] = [
  ['simple', '/pricing', PAGE, true],
  ['simple', 'pricing', PAGE, true],
  ['simple', '/pricing', 'https://example.com/pricing/enterprise', false],
  ['simple', '/', 'https://example.com/?utm_source=x', true],
  ['simple', 'example.com/pricing', PAGE, true],
  ['simple', 'shop.example.com/pricing', PAGE, false],
  ['simple', '/blog/*', 'https://example.com/blog/2026/hello', true],
  ['simple', '/blog/*', 'https://example.com/blog', true],
  ['simple', '/blog/*', 'https://example.com/blogger', false],
  ['simple', '/products/*/reviews', 'https://example.com/products/42/reviews?page=2', true],
  ['simple', '*.example.com/pricing', 'https://shop.example.com/pricing', true],
  ['simple', '*.example.com/foo', 'https://www.example.com/foo?bar=1', true],
  ['simple', '*.example.com/foo', 'https://example.com/foo', true],
  ['simple', '*.example.com/foo', 'https://notexample.com/foo', false],
  ['simple', '*', 'https://example.com/anything/at/all', true],
  ['substring', 'pricing', PAGE, true],
  ['substring', '/pricing', PAGE, true],
  ['substring', 'plan=pro', PAGE, true],
  ['substring', 'shop', 'https://shop.example.com/pricing', false],
  ['substring', 'shop.example.com', 'https://shop.example.com/pricing', true],
  ['exact', 'example.com/pricing?plan=pro#faq', PAGE, true],
  ['exact', 'example.com/pricing', PAGE, false],
  ['regex', '^/pricing$', PAGE, true],
  ['regex', '^/pricing/?$', 'https://example.com/pricing/', true],
  ['regex', '^/$', 'https://example.com/', true],
  ['regex', '^/search\\?q=', 'https://example.com/search?q=shoes', true],
  ['regex', '^/pricing', 'https://example.com/en/pricing', false],
  ['regex', '^example\\.com/pricing', PAGE, true],
  ['regex', '^https://www\\.example\\.com/', PAGE, true],
  ['regex', 'pricing', PAGE, true],
];

describe('URL rules as site owners write them', () => {
  it.each(TABLE.filter((row) => row[0] === 'simple'))('URL-4 simple %s %s on %s: %s', (match, value, url, expected) => {
    expect(matches({ type: 'url', match, value }, url)).toBe(expected);
  });
  it.each(TABLE.filter((row) => row[0] === 'substring'))('URL-3 substring %s %s on %s: %s', (match, value, url, expected) => {
    expect(matches({ type: 'url', match, value }, url)).toBe(expected);
  });
  it.each(TABLE.filter((row) => row[0] === 'exact'))('URL-2 exact %s %s on %s: %s', (match, value, url, expected) => {
    expect(matches({ type: 'url', match, value }, url)).toBe(expected);
  });
  it.each(TABLE.filter((row) => row[0] === 'regex'))('URL-5 regex %s %s on %s: %s', (match, value, url, expected) => {
    expect(matches({ type: 'url', match, value }, url)).toBe(expected);
  });

  it('the pages README shows this table', async () => {
    const { readFileSync } = await import('node:fs');
    const readme = readFileSync(new URL('../../../../../plugins/modules/pages/README.md', import.meta.url), 'utf8');
    for (const [match, value, url, expected] of TABLE) {
      expect(readme).toContain(`| ${match} | \`${value}\` | \`${url}\` | ${expected ? 'yes' : 'no'} |`);
    }
  });
});

describe('URL-1 rules that can never match are flagged by the validator', () => {
  const warnings = (match: string, value: string) =>
    validateProject(normalizeProjectData({ projectId: 'p', accountId: 'a', revision: 1, pages: [{ id: 'p', apiName: 'p', staticConditions: [{ type: 'url', match, value }] }] } as never))
      .filter((problem) => problem.severity === 'warning')
      .map((problem) => `${problem.path}: ${problem.message}`);

  it('URL-2 an exact rule without a host, with a wildcard, or with a space', () => {
    expect(warnings('exact', '/pricing')).toEqual([
      'pages[0].staticConditions[0].value: This URL rule can never match: an exact rule compares the whole URL with its host: write the host (example.com/pricing) or use a simple rule',
    ]);
    expect(warnings('exact', 'example.com/blog/*')[0]).toContain('"*" is a wildcard only in simple rules');
    expect(warnings('simple', '/our pricing')[0]).toContain('a URL has no spaces');
  });

  it('URL-5 a regex anchored on www., or with ^ after text or $ before text', () => {
    expect(warnings('regex', '^www\\.example\\.com/')[0]).toContain('without "www."');
    expect(warnings('regex', 'example\\.com/^pricing')[0]).toContain('"^" after other text');
    expect(warnings('regex', '/pricing$/')[0]).toContain('"$" before other text');
  });

  it('URL-1 rules that can match are not flagged', () => {
    for (const [match, value] of TABLE) expect(warnings(match, value)).toEqual([]);
    for (const value of ['(?:^|/)shop', '[^a]b', '\\^x', '^https?://(www\\.)?example\\.com/$']) expect(warnings('regex', value)).toEqual([]);
  });
});
