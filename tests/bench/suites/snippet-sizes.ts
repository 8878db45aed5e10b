/**
 * `npm run bench -- snippet`: what the snippets weigh and where their bytes go.
 * - The kernel alone, the whole standard preset (every plugin, no project data) as the snippet every page
 *   loads, each part it loads on demand (compiler/snippet-parts.ts: the validators of data given to
 *   `load`, the behaviour-query engine...) on its own, and the sum, and every project's snippet as `npm run build:snippets` builds it (fitted ones with
 *   their stand-ins, plugins/presets/fit.ts), against the
 *   peers' SDKs bundled and minified by the same pipeline.
 * - The homepage project's snippet against GrowthBook and Optimizely with the same experiments
 *   (homepage-peers.ts), twice: as the peers' bundles are (they carry no widget code: their widget
 *   variations change nothing), and, the fair figure, with the same widget code and settings added to
 *   each peer's bundle (the widget plugins the project uses and every widget change's settings as JSON):
 *   the widgets are part of the same experiments, and a peer would ship them as its experiments' code.
 * - A per-module breakdown (compiler/snippet-breakdown.ts) of the homepage snippet and of the whole
 *   preset: minified bytes and share of gzip per plugin folder, core file and project folder.
 */
import { HOMEPAGE_DATA } from '../../../config/homepage/project';
import { breakdown, type BreakdownGroup } from '../../../compiler/snippet-breakdown';
import { snippetCode, snippetParts } from '../../../compiler/build';
import { bundle, measure, measureKernel, projectFiles, ROOT, WHOLE_PRESET_ENTRY, type Sizes } from '../../../compiler/snippet';
import { widgetFolder } from '../../../plugins/presets/fit';
import { measureParts, WHOLE_PRESET_STUBS } from '../../../compiler/snippet-parts';
import type { BenchRow, BenchSuite } from '../table';
import { growthbookEntry, optimizelyEntry } from './homepage-peers';

/**
 * Peer libraries bundled and minified by the same pipeline as our snippets, each with the entry points a
 * page needs to decide and track. They are SDKs rather than hosted snippets (those are not on npm), so
 * the comparison is code shipped for the same job, measured the same way.
 */
const PEERS: Record<string, string> = {
  GrowthBook: `export { GrowthBook } from '@growthbook/growthbook';`,
  Optimizely: `export { createInstance, createPollingProjectConfigManager, createBatchEventProcessor, createOdpManager } from '@optimizely/optimizely-sdk';`,
};

/** Every widget change in the data: its widget id and settings, as a peer would carry them. */
const widgetChanges = (value: unknown, into: Array<{ widget_id: string }> = []): Array<{ widget_id: string }> => {
  if (Array.isArray(value)) value.forEach((item) => widgetChanges(item, into));
  else if (value && typeof value === 'object') {
    if ((value as { type?: unknown }).type === 'widget') into.push(value as { widget_id: string });
    else Object.values(value).forEach((item) => widgetChanges(item, into));
  }
  return into;
};

/**
 * A peer's homepage entry with the same widgets: the widget plugins the project's widget changes name,
 * and those changes' settings, kept alive so the bundler keeps them.
 */
const withWidgets = (entry: string): string => {
  const changes = widgetChanges(HOMEPAGE_DATA.layers);
  const folders = [...new Set(changes.map((change) => widgetFolder(change.widget_id)))];
  return [
    ...folders.map((folder, index) => `import w${index} from './plugins/widgets/${folder}';`),
    entry,
    `window.__peerWidgets = [${folders.map((_, index) => `w${index}`).join(', ')}];`,
    `window.__peerWidgetChanges = ${JSON.stringify(changes)};`,
  ].join('\n');
};

const rowsFor = (name: string, sizes: Sizes, peers: Record<string, Sizes>): BenchRow[] =>
  (['gzip', 'brotli'] as const).map((encoding) => ({
    name: `${name} (${encoding})`,
    value: sizes[encoding],
    unit: 'bytes',
    peers: Object.entries(peers).map(([peer, peerSizes]) => ({ name: peer, value: peerSizes[encoding] })),
  }));

/** Breakdown rows: each group's minified bytes, its gzip share in the name; the small ones summed. */
const breakdownRows = (title: string, groups: BreakdownGroup[], top = 24): BenchRow[] => {
  const rest = groups.slice(top);
  const row = (name: string, bytes: number, share: number): BenchRow => ({ name: `  ${title}: ${name} (${(share * 100).toFixed(1)}% of gzip)`, value: bytes, unit: 'bytes' });
  return [
    ...groups.slice(0, top).map((group) => row(group.group, group.bytes, group.gzipShare)),
    ...(rest.length ? [row(`${rest.length} smaller groups`, rest.reduce((sum, group) => sum + group.bytes, 0), rest.reduce((sum, group) => sum + group.gzipShare, 0))] : []),
  ];
};

/** Sizes of the kernel alone, the whole preset and every project's snippet, against the peers. */
export const snippetSizes: BenchSuite = {
  name: 'snippet',
  title: 'Snippet sizes (minified; ratio below 1 means smaller than the peer; breakdown rows are minified bytes before terser)',
  run: async () => {
    const peers: Record<string, Sizes> = {};
    for (const [name, entry] of Object.entries(PEERS)) peers[name] = measure(await bundle(entry, 'esm'));
    const rows = rowsFor('kernel alone', await measureKernel(), peers);
    // What a page loads at first (the snippet), and each part it loads only when it needs it, apart: the
    // total is what a page that needs every part would load, never what every page loads.
    const whole = measure(await bundle(WHOLE_PRESET_ENTRY, 'iife', WHOLE_PRESET_STUBS));
    rows.push(...rowsFor('whole standard preset, no project data: the snippet every page loads', whole, peers));
    const parts = await measureParts();
    for (const { part, sizes } of parts) rows.push(...rowsFor(`  on-demand part "${part.name}" (${part.holds})`, sizes, {}));
    const total = (encoding: 'gzip' | 'brotli') => whole[encoding] + parts.reduce((sum, { sizes }) => sum + sizes[encoding], 0);
    rows.push(...rowsFor('whole standard preset with every part loaded (separate files, each gzipped)', { raw: 0, gzip: total('gzip'), brotli: total('brotli') }, peers));

    const homepageParts = await snippetParts(`${ROOT}/config/homepage/project.ts`);
    const homepage = measure(await bundle(homepageParts.entry, 'iife', homepageParts.stubs));
    const bare = { GrowthBook: measure(await bundle(growthbookEntry())), Optimizely: measure(await bundle(optimizelyEntry())) };
    const fair = { 'GrowthBook + widgets': measure(await bundle(withWidgets(growthbookEntry()))), 'Optimizely + widgets': measure(await bundle(withWidgets(optimizelyEntry()))) };
    rows.push(
      ...rowsFor('homepage snippet vs peers with the same experiments and the same widgets (fair)', homepage, fair),
      ...rowsFor('homepage snippet vs peers with the same experiments, no widget code (peers carry none)', homepage, bare),
    );

    for (const file of projectFiles()) {
      const project = file.split('/').slice(-2, -1)[0];
      rows.push(...rowsFor(`snippet: ${project}`, measure(await snippetCode(file)), peers));
    }
    rows.push(...breakdownRows('homepage', await breakdown(homepageParts.entry, homepageParts.stubs)), ...breakdownRows('whole preset', await breakdown(WHOLE_PRESET_ENTRY, WHOLE_PRESET_STUBS)));
    return rows;
  },
};
