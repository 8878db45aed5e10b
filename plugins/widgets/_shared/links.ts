/**
 * Link targets in widget content (WID-9, WID-10): site paths such as `/pricing` keep the locale
 * prefix of the page they are shown on (`/fr-fr/pricing` on the French homepage), since the prefix
 * is optional and a visitor should stay in their language. Absolute URLs, protocol-relative URLs,
 * fragments and paths that already carry a locale prefix are left as given.
 */

/** The homepage's locale path prefixes (homepage-spec §2). */
export const LOCALE_PREFIXES: readonly string[] = ['pt-br', 'de-de', 'es', 'ko-kr', 'ja-jp', 'zh-cn', 'fr-fr', 'it-it'];

/** The sign-up page: the default target of call-to-action links (WID-10). */
export const REGISTER_PATH = '/cloud/atlas/register';

/** The locale prefix of a path (`'fr-fr'` for `/fr-fr/...`), or '' for the default homepage. */
export const localeOf = (path: string): string => {
  // Stryker disable next-line StringLiteral: '' stands for "no first segment", and any other text that is not a prefix gives the same answer
  const first = path.split(/[/?#]/)[1]?.toLowerCase() ?? '';
  return LOCALE_PREFIXES.includes(first) ? first : '';
};

/** `href` with the page's locale prefix added when it is a site path without one (WID-9). */
export const localize = (win: Window, href: string): string => {
  if (!href.startsWith('/') || href.startsWith('//') || localeOf(href)) return href;
  const locale = localeOf(win.location.pathname);
  return locale ? `/${locale}${href}` : href;
};

/** Adds or replaces a query parameter of a link, keeping its fragment (the product tour's `tck`, WID-105). */
export const withParam = (href: string, name: string, value: string): string => {
  const [rest, hash] = href.split('#');
  const [path, query = ''] = rest.split('?');
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${path}?${params}${hash != null ? '#' + hash : ''}`;
};
