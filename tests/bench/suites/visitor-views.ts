/**
 * Start-up as visitors' browsers run it: the changes suite's start-up page (~2000 elements, the snippet at the
 * end of the body, 2 layers decided and 20 changes applied; see changes.ts) loaded by Chromium with no
 * DevTools protocol attached (../no-devtools.ts), ours against GrowthBook and Optimizely keeping their visitor
 * id in a cookie. Each figure is the median, over interleaved loads, of the time from the mark before the
 * script (or the end of its download, for an external script) to every decision made and change applied.
 * - first view: a site the browser has never seen (new renderer process, nothing cached, storage opened by
 *   that load), in a browser already running;
 * - repeat view: the next page of the same site, as a new visitor (the page before cleared cookies and local
 *   storage), with the HTTP cache and the compiled-code cache as a real repeat view has them.
 * Inline: the snippet in the page, compiled on the main thread within the measured time. External: `<script
 * src>` from the server, as a snippet is deployed (on a first view downloaded, then compiled while the parser
 * waits; on repeat views from the HTTP cache with its compiled code).
 */
import { bundle } from '../../../compiler/snippet';
import { visitorLoads, type Load, type Marks } from '../no-devtools';
import type { BenchRow, BenchSuite } from '../table';
import { COOKIE_ID, gbSnippet, optlySnippet, oursCode, pageHtml } from './changes';

/** Loads per contender and kind of view. */
const ROUNDS = Number(process.env.BENCH_VISITOR_ROUNDS ?? 21);

type Contender = 'ours' | 'gb' | 'optly';
const CONTENDERS: Contender[] = ['ours', 'gb', 'optly'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** Every page once per round for each kind of view, the order rotated per round. */
const schedule = (pages: Record<string, string>): Load[] => {
  const keys = Object.keys(pages);
  return Array.from({ length: ROUNDS }, (_, round) => keys.map((_, i) => keys[(i + round) % keys.length])).flatMap((order) =>
    [true, false].flatMap((first) => order.map((key) => ({ key: `${first ? 'first' : 'repeat'} ${key}`, html: pages[key], first }))),
  );
};

/** The median time to done of each key; a load not done, or done without its changes applied, fails the run. */
const figures = (marks: Record<string, Marks[]>): Record<string, number> =>
  Object.fromEntries(
    Object.entries(marks).map(([key, loads]) => {
      for (const load of loads) {
        if (!(load.done > 0)) throw Error(`${key}: no decision`);
        if (!key.includes('optly') && !load.applied) throw Error(`${key}: the changes were not applied when it reported done`);
      }
      return [key, median(loads.map((load) => load.done - load.start))];
    }),
  );

const rowOf = (name: string, figure: Record<string, number>, view: string, suffix: string): BenchRow => ({
  name,
  value: figure[`${view} ours${suffix}`],
  unit: 'ms',
  peers: [
    { name: 'GrowthBook', value: figure[`${view} gb${suffix}`] },
    { name: 'Optimizely', value: figure[`${view} optly${suffix}`] },
  ],
});

export const visitorViewsBench: BenchSuite = {
  name: 'visitor-views',
  title: `Start-up in Chromium without DevTools attached: snippet start to 2 layers decided + 20 changes applied (ms, medians of ${ROUNDS} loads; peers keep their visitor id in a cookie)`,
  run: async (): Promise<BenchRow[]> => {
    const code: Record<Contender, string> = {
      ours: (await oursCode()).fitted,
      gb: await bundle(gbSnippet(COOKIE_ID)),
      optly: await bundle(optlySnippet(COOKIE_ID)),
    };
    const pages: Record<string, string> = {};
    for (const key of CONTENDERS) {
      pages[key] = pageHtml(code[key], key === 'ours');
      pages[`${key} external`] = pageHtml('', key === 'ours', false, `/s/${key}.js`);
    }
    const figure = figures(await visitorLoads(schedule(pages), code));
    return [
      rowOf('first view, inline snippet', figure, 'first', ''),
      rowOf('first view, external snippet (downloaded, then compiled while the parser waits)', figure, 'first', ' external'),
      rowOf('repeat view (a new visitor), inline snippet', figure, 'repeat', ''),
      rowOf('repeat view (a new visitor), external snippet from the HTTP cache', figure, 'repeat', ' external'),
    ];
  },
};
