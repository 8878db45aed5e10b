/**
 * `npm run bench`: prints every benchmark suite's table. Benchmarks never run inside `npm test`.
 * Add a suite in tests/bench/suites/ and list it here. `npm run bench -- decisions` runs the suites
 * whose title contains the word.
 */
import { audienceEvaluation } from './suites/audiences';
import { changesBench } from './suites/changes';
import { changesHeadBench } from './suites/changes-head';
import { decisionsBench } from './suites/decisions';
import { snippetSizes } from './suites/snippet-sizes';
import { trackerBench } from './suites/tracker';
import { renderTable, type BenchSuite } from './table';

const SUITES: BenchSuite[] = [snippetSizes, decisionsBench, audienceEvaluation, changesBench, changesHeadBench, trackerBench];

const filter = process.argv[2]?.toLowerCase();
for (const suite of SUITES.filter((candidate) => !filter || candidate.title.toLowerCase().includes(filter))) {
  const started = performance.now();
  const rows = await suite.run();
  console.log(renderTable(suite.title, rows));
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
