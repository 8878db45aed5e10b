/**
 * Reading a `document.cookie` string, for every plugin that reads cookies (the cookie storage, the
 * cookies profile provider, the visitor id locator): one parser, so all of them see the same cookies.
 */

/**
 * The cookies of a `document.cookie` string by name, values URI-decoded (a value with a bad escape, as a
 * tampered cookie may have, is kept as written). The first of a repeated name wins, as browsers list the
 * most specific path first; nameless entries are skipped.
 */
export const parseCookies = (text: string): Map<string, string> => {
  const cookies = new Map<string, string>();
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part.slice(at + 1).trim();
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // Kept as written, for the caller to judge.
    }
    cookies.set(name, value);
  }
  return cookies;
};
