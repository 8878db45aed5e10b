/**
 * A stand-in for the spreadsheet service the homepage banner reads its cards from (homepage-spec §7,
 * WID-86..88): `GET /sheets/<sheet id>/gviz/tq` answers the way the real service does, a JSON table
 * wrapped in a callback, `/*O_o*\/` + newline + `google.visualization.Query.setResponse(` (47
 * characters) before it and `);` (2) after it. Rows are read by column position: link, image,
 * eyebrow, title, date, video, description, ctaText.
 *
 * The sheet id picks the answer, so tests and `npm start` can point the banner at each case:
 * - `homepage-events`: realistic rows (the default content of the homepage project);
 * - `empty-rows`: the same with blank rows, null cells and a row without a link among them;
 * - `hostile`: markup and script in every text cell, `javascript:`/`data:`/`vbscript:` links;
 * - `malformed`: wrapped text that is not JSON; `truncated`: the answer cut in the middle;
 * - `not-a-table`: valid JSON without a table; `oversized`: about 3 MB of rows;
 * - `slow`: the realistic rows after `?delay=` ms (default 8000);
 * - `failing`: a 500 answer.
 */
import type { Router } from '../router';
import { CONTENT_TYPES, sendText } from '../responses';
import { HOMEPAGE_ASSET_BASE } from './homepage-assets';

/** What the real service puts before the JSON: 47 characters. */
export const SHEET_PREFIX = '/*O_o*/\ngoogle.visualization.Query.setResponse(';
/** What it puts after: 2 characters. */
export const SHEET_SUFFIX = ');';

/** One row as the columns are ordered: link, image, eyebrow, title, date, video, description, ctaText. */
export type SheetRow = readonly (string | null)[];

const LABELS = ['link', 'image', 'eyebrow', 'title', 'date', 'video', 'description', 'ctaText'];
const image = (name: string) => `${HOMEPAGE_ASSET_BASE}/images/cards/${name}.svg`;

/**
 * Stand-in content: sample events and stories of the kind the banner shows. Names and dates are
 * examples for the local services, not real events.
 */
export const SAMPLE_ROWS: readonly SheetRow[] = [
  ['/events/developer-day-london', image('developer-day'), 'Developer Day', 'Build faster with the document model', 'Mar 12, 2027', null, 'A full day of hands-on sessions on schema design, indexing and search, for teams of every size.', 'Save your seat'],
  ['https://events.example.org/data-summit-sydney', image('summit'), 'Event', 'Data Summit Sydney', 'Apr 3, 2027', null, 'Keynotes, customer stories and labs on running modern applications at scale.', 'Register now'],
  ['/products/platform/atlas-vector-search', image('ai-program'), 'Workshop', 'Vector search for AI applications', 'On demand', 'https://video.example.org/watch/vector-search-101', 'Store embeddings next to your data and query them with the same API.', 'Watch the workshop'],
  ['/use-cases/analytics', image('webinar'), 'Webinar', 'Real-time analytics without ETL', 'May 8, 2027', null, 'See how operational and analytical workloads share one platform.', 'Join the webinar'],
  ['/services/consulting/ai-applications-program', image('workshop'), 'AI Applications Program', 'From prototype to production', null, null, 'Expert guidance, integrations and credits to ship your first AI feature.', 'Apply today'],
  ['https://stories.example.org/fintech-payments', image('case-study'), 'Customer story', 'How a payments platform cut latency by 60%', null, null, 'Moving a ledger to distributed transactions across three regions.', 'Read the story'],
];

const HOSTILE_ROWS: readonly SheetRow[] = [
  ['javascript:alert(document.domain)', image('summit'), '<img src=x onerror="window.__sheetPwned=1">', '<script>window.__sheetPwned=1</script>Hostile title', 'Jan 1', null, '<b onmouseover="window.__sheetPwned=1">bold?</b>', '<a href="javascript:alert(1)">Click</a>'],
  [' JaVaScRiPt:window.__sheetPwned=1', 'javascript:window.__sheetPwned=1', 'Eyebrow', 'Link with spaces and mixed case', null, 'javascript:window.__sheetPwned=1', 'Copy', 'Go'],
  ['java\tscript:window.__sheetPwned=1', 'data:image/svg+xml,<svg onload="window.__sheetPwned=1"/>', 'Eyebrow', 'Tab inside the scheme', null, null, 'Copy', 'Go'],
  ['data:text/html,<script>window.__sheetPwned=1</script>', image('webinar'), 'Eyebrow', 'Data URL link', null, null, 'Copy', 'Go'],
  ['vbscript:msgbox(1)', image('webinar'), 'Eyebrow', 'VBScript link', null, null, 'Copy', 'Go'],
  ['/events/safe-relative', image('workshop'), 'Safe', 'Relative link &amp; <i>entities</i>', 'Jun 1, 2027', null, '"Quotes" \' and \u202e bidi', 'Read more'],
  ['https://events.example.org/safe-absolute', image('case-study'), 'Safe', 'Absolute https link', null, null, 'Copy', 'Go'],
];

const EMPTY_ROWS: readonly SheetRow[] = [[null, null, null, null, null, null, null, null], SAMPLE_ROWS[0], ['', '', '', '', '', '', '', ''], [null, image('summit'), 'No link', 'A row without a link', null, null, 'Skipped', 'Go'], SAMPLE_ROWS[1]];

/** The JSON table the service wraps, as the real one shapes it (cells `{ v }`, empty cells null). */
export function sheetTable(rows: readonly SheetRow[]): unknown {
  return {
    version: '0.6',
    reqId: '0',
    status: 'ok',
    sig: '1764058000',
    table: {
      cols: LABELS.map((label, index) => ({ id: String.fromCharCode(65 + index), label, type: 'string' })),
      rows: rows.map((row) => ({ c: row.map((value) => (value === null ? null : { v: value })) })),
      parsedNumHeaders: 1,
    },
  };
}

/** The full answer body: the table in its callback wrapper. */
export const wrapSheet = (json: string): string => `${SHEET_PREFIX}${json}${SHEET_SUFFIX}`;

function oversized(): string {
  const rows: SheetRow[] = [];
  for (let index = 0; rows.length < 6000; index += 1) rows.push([...SAMPLE_ROWS[index % SAMPLE_ROWS.length].slice(0, 6), 'x'.repeat(480), 'Go']);
  return wrapSheet(JSON.stringify(sheetTable(rows)));
}

/** The answer body of each stand-in sheet by id (the slow and failing sheets aside). */
export const SHEET_ANSWERS: Readonly<Record<string, () => string>> = {
  'homepage-events': () => wrapSheet(JSON.stringify(sheetTable(SAMPLE_ROWS))),
  'empty-rows': () => wrapSheet(JSON.stringify(sheetTable(EMPTY_ROWS))),
  hostile: () => wrapSheet(JSON.stringify(sheetTable(HOSTILE_ROWS))),
  malformed: () => wrapSheet('{"version":"0.6","table":{rows:[{c:[{v:"x"}]}]}'),
  truncated: () => wrapSheet(JSON.stringify(sheetTable(SAMPLE_ROWS))).slice(0, 700),
  'not-a-table': () => wrapSheet('{"version":"0.6","status":"error","errors":[{"reason":"access_denied"}]}'),
  oversized,
};

/** Adds the stand-in spreadsheet route. */
export function sheetRoutes(router: Router): void {
  router.get('/sheets/:sheetId/gviz/tq', async ({ res, params, url }) => {
    const { sheetId } = params;
    if (sheetId === 'failing') return sendText(res, 500, 'Internal error');
    if (sheetId === 'slow') {
      const delay = Math.min(Number(url.searchParams.get('delay')) || 8000, 60_000);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        // A client that gives up (the banner's timeout) frees the timer, so closing the services never waits for it.
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (res.destroyed) return;
    }
    const answer = SHEET_ANSWERS[sheetId === 'slow' ? 'homepage-events' : sheetId];
    if (!answer) return sendText(res, 404, `No sheet "${sheetId}"`);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES.javascript,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': '*',
    });
    res.end(answer());
  });
}
