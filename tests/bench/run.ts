/**
 * `npm run bench`: prints every benchmark suite's table. Benchmarks never run inside `npm test`.
 * Add a suite in tests/bench/suites/ and list it here.
 */
import { snippetSizes } from './suites/snippet-sizes';
import { renderTable, type BenchSuite } from './table';

const SUITES: BenchSuite[] = [snippetSizes];

for (const suite of SUITES) {
  const started = performance.now();
  const rows = await suite.run();
  console.log(renderTable(suite.title, rows));
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
