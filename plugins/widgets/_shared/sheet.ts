/**
 * The banner's remote content (homepage-spec §7, WID-80, WID-86..90): the spreadsheet service's
 * answer turned into card records. Pure functions, no DOM: the answer is hostile until proven
 * otherwise.
 *
 * - The body is a callback wrapper: the first 47 and the last 2 characters are removed and the rest
 *   is parsed as JSON (WID-87); rows are `table.rows[i].c[column].v`, read by column position
 *   (WID-88).
 * - Text stays text: it is kept as a string (trimmed, whitespace collapsed, capped in length) for
 *   the widget to set with `textContent`, never parsed as markup.
 * - Links and images are resolved against the page and kept only when they are http(s) (relative
 *   links included); `javascript:`, `data:`, `vbscript:` and anything else is dropped.
 * - A row without a usable link or title is skipped; at most `maxCards` cards are kept.
 * - Anything wrong with the answer as a whole is a {@link SheetProblem} string, never a throw.
 */

/** One card of the banner carousel (WID-80), every field a plain string ('' when absent). */
export interface CardRecord {
  link: string;
  image: string;
  eyebrow: string;
  title: string;
  date: string;
  video: string;
  description: string;
  ctaText: string;
  /** Whether the card's link opens in a new tab (WID-90, WID-91). */
  newTab: boolean;
}

/** Characters the service puts before and after the JSON (WID-87). */
export const SHEET_HEAD = 47;
export const SHEET_TAIL = 2;

/** Column positions of a row (WID-88). */
export const COLUMNS = ['link', 'image', 'eyebrow', 'title', 'date', 'video', 'description', 'ctaText'] as const;

/** Longest text kept from one cell: enough for any card copy, not enough to break a layout. */
const MAX_TEXT = 280;

/** Parsing options. */
export interface SheetOptions {
  /** The page URL relative links resolve against. */
  base: string;
  /** The vendor's own domain: links elsewhere open in a new tab (WID-90). '' means the page's host. */
  vendorDomain: string;
  /** Most cards kept. */
  maxCards: number;
}

/** The result of reading an answer: cards, or why there are none. */
export type SheetResult = { cards: CardRecord[]; skipped: number } | { problem: string };

/**
 * Plain text from a cell value: strings and finite numbers only; control characters and the bidi
 * overrides and isolates that can make text read differently from what it is are removed;
 * whitespace collapsed, trimmed, capped.
 */
export const cellText = (value: unknown): string => {
  const text = typeof value == 'string' ? value : typeof value == 'number' && isFinite(value) ? String(value) : '';
  const clean = text.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT - 1)}…` : clean;
};

/**
 * The URL `value` points to, resolved against `base`, when it is http(s); '' otherwise (empty,
 * unparsable, `javascript:`, `data:`, ...). The URL parser strips the tabs, newlines and spaces an
 * attacker hides a scheme behind, so the protocol checked is the one a browser would follow.
 */
export const safeUrl = (value: unknown, base: string): string => {
  const text = typeof value == 'string' ? value.trim() : '';
  if (!text) return '';
  try {
    const url = new URL(text, base);
    return url.protocol == 'https:' || url.protocol == 'http:' ? url.href : '';
  } catch {
    return '';
  }
};

/** Whether `link` leaves the vendor's site (WID-90): its host is neither the domain nor one of its subdomains. */
export const isForeign = (link: string, vendorDomain: string, base: string): boolean => {
  try {
    const host = new URL(link, base).hostname.toLowerCase();
    const domain = (vendorDomain || new URL(base).hostname).toLowerCase().replace(/^\.+/, '');
    return host != domain && !host.endsWith(`.${domain}`);
  } catch {
    return true;
  }
};

/** A cell's value: its formatted text `f` when the service gives one (dates: `Date(2027,5,4)` is `v`), else `v`. */
const cellValue = (cell: unknown): unknown => {
  // Stryker disable next-line ConditionalExpression: a truthy cell that is not an object (JSON text, a number) has no v or f either, so it reads as '' both ways
  if (!cell || typeof cell != 'object') return '';
  const { v, f } = cell as { v?: unknown; f?: unknown };
  return typeof f == 'string' ? f : v;
};

/**
 * An address cell's URL: its value `v` rather than its formatted text (a cell shown as markup, `<img src=...>`,
 * keeps the address in `v`), and nothing when the text holds what no written URL holds (spaces, quotes,
 * angle brackets), which would otherwise resolve as a junk path on the page's own site.
 */
const cellUrl = (cell: unknown, base: string): string => {
  const { v, f } = (cell && typeof cell == 'object' ? cell : {}) as { v?: unknown; f?: unknown };
  // Stryker disable next-line StringLiteral: the text put in place of '' ("Stryker was here!") has spaces, which the next line refuses as it refuses ''
  const text = typeof v == 'string' ? v.trim() : typeof f == 'string' ? f.trim() : '';
  return /[\s<>"'`]/.test(text) ? '' : safeUrl(text, base);
};

/** A card from one row's cells, or undefined when the row has no usable link or title. */
export const rowToCard = (cells: readonly unknown[], options: SheetOptions): CardRecord | undefined => {
  const raw = (column: number) => cellValue(cells[column]);
  const link = cellUrl(cells[0], options.base);
  const title = cellText(raw(3));
  if (!link || !title) return undefined;
  return {
    link,
    image: cellUrl(cells[1], options.base),
    eyebrow: cellText(raw(2)),
    title,
    date: cellText(raw(4)),
    video: cellUrl(cells[5], options.base),
    description: cellText(raw(6)),
    ctaText: cellText(raw(7)),
    newTab: isForeign(link, options.vendorDomain, options.base),
  };
};

/** Reads the service's answer (WID-87, WID-88): the cards of its rows, or the problem with it. */
export const parseSheet = (body: string, options: SheetOptions): SheetResult => {
  if (typeof body != 'string' || body.length <= SHEET_HEAD + SHEET_TAIL) return { problem: 'the answer is empty' };
  let data: unknown;
  try {
    data = JSON.parse(body.slice(SHEET_HEAD, -SHEET_TAIL));
  } catch {
    return { problem: 'the answer is not JSON in the expected wrapper' };
  }
  const rows = (data as { table?: { rows?: unknown } } | null)?.table?.rows;
  if (!Array.isArray(rows)) return { problem: 'the answer has no table rows' };
  const cards: CardRecord[] = [];
  let skipped = 0;
  for (const row of rows) {
    if (cards.length >= options.maxCards) break;
    const cells = (row as { c?: unknown } | null)?.c;
    const card = Array.isArray(cells) ? rowToCard(cells, options) : undefined;
    if (card) cards.push(card);
    else skipped++;
  }
  return { cards, skipped };
};
