import { bundle, measure, measureKernel, projectFiles, snippetEntry, type Sizes } from '../../../scripts/lib/snippet';
import type { BenchRow, BenchSuite } from '../table';

/**
 * Peer libraries bundled and minified by the same pipeline as our snippets, each with the entry points a
 * page needs to decide and track. They are SDKs rather than hosted snippets (those are not on npm), so
 * the comparison is code shipped for the same job, measured the same way.
 */
const PEERS: Record<string, string> = {
  GrowthBook: `export { GrowthBook } from '@growthbook/growthbook';`,
  Optimizely: `export { createInstance, createPollingProjectConfigManager, createBatchEventProcessor, createOdpManager } from '@optimizely/optimizely-sdk';`,
};

const rowsFor = (name: string, sizes: Sizes, peers: Record<string, Sizes>): BenchRow[] =>
  (['gzip', 'brotli'] as const).map((encoding) => ({
    name: `${name} (${encoding})`,
    value: sizes[encoding],
    unit: 'bytes',
    peers: Object.entries(peers).map(([peer, peerSizes]) => ({ name: peer, value: peerSizes[encoding] })),
  }));

/** Sizes of the kernel alone and of every project's snippet, against the peers. */
export const snippetSizes: BenchSuite = {
  name: 'snippet',
  title: 'Snippet sizes (minified; ratio below 1 means smaller than the peer)',
  run: async () => {
    const peers: Record<string, Sizes> = {};
    for (const [name, entry] of Object.entries(PEERS)) peers[name] = measure(await bundle(entry, 'esm'));
    const rows = rowsFor('kernel alone', await measureKernel(), peers);
    for (const file of projectFiles()) {
      const project = file.split('/').slice(-2, -1)[0];
      rows.push(...rowsFor(`snippet: ${project}`, measure(await bundle(snippetEntry(file))), peers));
    }
    return rows;
  },
};
