/**
 * The one reading of a page's query string, shared by the snippet's entry (core/boot.ts, for the log
 * parameter) and every plugin (through plugins/_shared/params.ts). `URLSearchParams` decodes it as
 * browsers do (`+` is a space; a bad escape is kept as written, never thrown); the last reading is
 * kept, so the boot, the controls and the providers of one page load parse it once.
 */

let lastSearch: string | undefined;
let lastQuery: Readonly<Record<string, string>> = {};

/**
 * The query parameters of a search string (`?a=1&b=2`), decoded; a repeated name keeps its last value.
 * The result is shared between callers: read it, never change it.
 */
export const readQuery = (search: string): Readonly<Record<string, string>> => {
  if (search !== lastSearch) {
    const query: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(search)) query[name] = value;
    lastQuery = query;
    lastSearch = search;
  }
  return lastQuery;
};
