/** Links in widget content keep the page's locale (plugins/widgets/_shared/links.ts, WID-9). */
import { describe, expect, it } from 'vitest';
import { LOCALE_PREFIXES, localeOf, localize } from '../../../../plugins/widgets/_shared/links';

const at = (path: string) => ({ location: { pathname: path } }) as unknown as Window;

describe('locale prefixes of links', () => {
  it('WID-9 on each localized homepage a site link takes that page\'s prefix', () => {
    expect(LOCALE_PREFIXES).toEqual(['pt-br', 'de-de', 'es', 'ko-kr', 'ja-jp', 'zh-cn', 'fr-fr', 'it-it']);
    for (const locale of LOCALE_PREFIXES) {
      expect(localize(at(`/${locale}/`), '/pricing'), locale).toBe(`/${locale}/pricing`);
      // A link already written for a locale is kept as written.
      expect(localize(at('/'), `/${locale}/pricing`), locale).toBe(`/${locale}/pricing`);
    }
  });

  it('WID-9 a path without a leading slash, or empty, has no locale', () => {
    for (const path of ['', 'pricing', 'fr-fr', '/']) expect(localeOf(path), path).toBe('');
    expect(localeOf('/PT-BR?x=1')).toBe('pt-br');
    expect(localeOf('/es#top')).toBe('es');
  });
});
