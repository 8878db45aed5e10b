/**
 * `npm run bench`: prints every benchmark suite's table. Benchmarks never run inside `npm test`.
 * Add a suite in tests/bench/suites/ and list it here. `npm run bench -- <name>` runs the suites with
 * that name exactly (`changes` runs the changes suite, `changes-head` the head one); several names may
 * be given. An unknown name is refused with the list of names.
 */
import { audienceEvaluation } from './suites/audiences';
import { changesBench } from './suites/changes';
import { changesHeadBench } from './suites/changes-head';
import { collectorBench, collectorSummaryBench } from './suites/collector';
import { decisionsBench } from './suites/decisions';
import { editorBench } from './suites/editor';
import { editorCanvasBench } from './suites/editor-canvas';
import { homepageBench } from './suites/homepage';
import { snippetSizes } from './suites/snippet-sizes';
import { statsBench } from './suites/stats';
import { trackerBench } from './suites/tracker';
import { visitorViewsBench } from './suites/visitor-views';
import { widgetsBench } from './suites/widgets';
import { widgetsPart2Bench } from './suites/widgets-part2';
import { renderTable, type BenchSuite } from './table';

const SUITES: BenchSuite[] = [snippetSizes, decisionsBench, audienceEvaluation, changesBench, changesHeadBench, visitorViewsBench, trackerBench, widgetsBench, widgetsPart2Bench, homepageBench, editorBench, editorCanvasBench, statsBench, collectorBench, collectorSummaryBench];

const wanted = process.argv.slice(2).map((word) => word.toLowerCase());
const unknown = wanted.filter((word) => !SUITES.some((suite) => suite.name === word));
if (unknown.length) {
  console.error(`Unknown bench suite ${unknown.map((word) => `"${word}"`).join(', ')}; the suites are: ${SUITES.map((suite) => suite.name).join(', ')}`);
  process.exit(2);
}
for (const suite of SUITES.filter((candidate) => !wanted.length || wanted.includes(candidate.name))) {
  const started = performance.now();
  const rows = await suite.run();
  console.log(renderTable(suite.title, rows));
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
