import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../../../core/testing';
import pages, { createUrlMatcher, normalizeUrl } from '../../../../../plugins/modules/pages';
import type { PagesModule } from '../../../../../core';
import type { UrlCondition } from '../../../../../core/project/types';
import immediate from '../../../../../plugins/view-providers/immediate';
import { fakeWindow } from '../../view-providers/fake-window';

const rule = (match: UrlCondition['match'], value: string): UrlCondition => ({ type: 'url', match, value });
const matches = createUrlMatcher();

describe('URL normalisation', () => {
  it('URL-6 normalisation applies every step at once', () => {
    expect(normalizeUrl('https://varia-editor.www.Example.com/shop/?varia_log=DEBUG&q=1#top')).toBe('example.com/shop?q=1#top');
  });
  it('URL-7 strips query parameters that start with the product prefix, keeping the others in order', () => {
    expect(normalizeUrl('example.com/a?b=1&varia_force_variations=1,2&c=3&varia_x=disable')).toBe('example.com/a?b=1&c=3');
    expect(normalizeUrl('example.com/a?varia_editor')).toBe('example.com/a');
  });
  it('URL-8 strips the protocol (any scheme, and protocol-relative URLs)', () => {
    expect(normalizeUrl('https://example.com/a')).toBe('example.com/a');
    expect(normalizeUrl('http://example.com/a')).toBe('example.com/a');
    expect(normalizeUrl('//example.com/a')).toBe('example.com/a');
  });
  it('URL-9 strips a leading www. only', () => {
    expect(normalizeUrl('https://www.example.com')).toBe('example.com');
    expect(normalizeUrl('https://shop.www.example.com')).toBe('shop.www.example.com');
  });
  it('URL-10 strips trailing slashes of the path, before a query or hash too', () => {
    expect(normalizeUrl('example.com/a///')).toBe('example.com/a');
    expect(normalizeUrl('example.com/?q=1')).toBe('example.com?q=1');
  });
  it('URL-11 strips editor and preview host prefixes', () => {
    expect(normalizeUrl('https://varia-editor.example.com/a')).toBe('example.com/a');
    expect(normalizeUrl('https://varia-preview.www.example.com/a')).toBe('example.com/a');
    expect(normalizeUrl('https://proxy.example.com/a', ['proxy.'])).toBe('example.com/a');
  });
});

describe('URL match rules', () => {
  it('URL-1 the rules are exact, substring, simple and regex; another rule never matches', () => {
    const url = 'https://www.example.com/shop';
    for (const match of ['exact', 'substring', 'simple'] as const) expect(matches(rule(match, 'example.com/shop'), url)).toBe(true);
    expect(matches(rule('regex', 'shop$'), url)).toBe(true);
    expect(matches({ type: 'url', match: 'fuzzy' as never, value: 'shop' }, url)).toBe(false);
  });
  it('URL-2 exact matches the whole normalised URL, query included', () => {
    expect(matches(rule('exact', 'http://example.com/shop/'), 'https://www.example.com/shop?varia_log=INFO')).toBe(true);
    expect(matches(rule('exact', 'example.com/shop'), 'https://example.com/shop/item')).toBe(false);
    expect(matches(rule('exact', 'example.com/shop'), 'https://example.com/shop?q=1')).toBe(false);
  });
  it('URL-3 substring matches when the value occurs in the normalised URL', () => {
    expect(matches(rule('substring', '/products/'), 'https://example.com/products/42')).toBe(true);
    expect(matches(rule('substring', 'checkout'), 'https://example.com/products/42')).toBe(false);
  });
  it('URL-4 simple ignores query and hash on both sides', () => {
    expect(matches(rule('simple', 'example.com/shop'), 'https://www.example.com/shop/?q=1#reviews')).toBe(true);
    expect(matches(rule('simple', 'example.com/shop?x=1'), 'https://example.com/shop')).toBe(true);
    expect(matches(rule('simple', 'example.com/shop'), 'https://example.com/shop/item')).toBe(false);
  });
  it('URL-5 regex matches the normalised URL or the URL as written', () => {
    expect(matches(rule('regex', '^example\\.com/p/\\d+$'), 'https://www.example.com/p/12/')).toBe(true);
    expect(matches(rule('regex', '^https://www\\.example\\.com/p/'), 'https://www.example.com/p/12')).toBe(true);
    expect(matches(rule('regex', '^example\\.com/q/'), 'https://www.example.com/p/12')).toBe(false);
  });
  it('URL-5 an invalid regex gives a clear message once, never matches and never throws', async () => {
    const win = fakeWindow('https://example.com/a');
    const t = bootKernel({
      plugins: [pages(), immediate],
      win,
      validate: false,
      data: { pages: [{ id: 'p1', apiName: 'bad', staticConditions: [rule('regex', '([a-')] }] },
    });
    await t.settle();
    const module = t.get('pages') as PagesModule;
    expect(module.matchUrl(rule('regex', '([a-'))).toBe(false);
    expect(module.states().p1.status).toBe('inactive');
    const lines = t.logs.filter((line) => line.text.includes('Invalid regular expression "([a-"'));
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe('error');
  });
  it('URL-6 the pages module matches the current page URL after normalisation', async () => {
    const t = bootKernel({ plugins: [pages()], win: fakeWindow('https://www.example.com/shop/?varia_editor=false') });
    await t.settle();
    expect((t.get('pages') as PagesModule).matchUrl(rule('exact', 'example.com/shop'))).toBe(true);
    expect((t.get('pages') as PagesModule).matchUrl(rule('exact', 'example.com/shop'), 'https://example.com/other')).toBe(false);
  });
});
