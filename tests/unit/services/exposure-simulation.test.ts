/**
 * Ruling 24, simulated (issue 37): why exposure must be counted in both arms, and that it is.
 *
 * An A/A test in truth: the variation changes an element that is missing on the page of a random half
 * of the visitors (another page template, a slow widget), and visitors with the element convert at 20%,
 * those without at 5%, whichever arm they are in. The runtime's rule gives each visitor's exposures:
 * the control (no changes) from the decision; the variation's basis when its element is on the page,
 * for the variation's visitors (the change applied) and the control's alike (counterfactual). The events
 * go through the collector's store (libsql) and its SQL summary, and the Results tab's analysis.
 *
 * - Counted in both arms, the exposed comparison finds no difference, as it should.
 * - Counted in one arm only (the variation's exposed visitors against every control visitor), the
 *   variation's side keeps only the visitors with the element, a different population: a large
 *   "uplift" appears where there is none.
 */
import { describe, expect, it } from 'vitest';
import type { ExperimentResult } from '../../../editor-model/api-contract';
import { analyse, statsOf } from '../../../desktop/renderer/src/results/analysis';
import { normalizeBody } from '../../../services/collector/normalize';
import { openEventStore } from '../../../services/collector/store';
import { exposedResults } from '../../../services/editor/results';
import { compare } from '../../../stats/index';
import { envNumber, seeded } from '../../support/seeded';

const SEED = envNumber('VARIA_EXPOSURE_SEED', 20261204);
const VISITORS = envNumber('VARIA_EXPOSURE_VISITORS', 6000);
/** Conversion rates with and without the element, the same in both arms. */
const RATE_WITH = 0.2;
const RATE_WITHOUT = 0.05;

/** One simulated visitor's batch: decision, the exposures the runtime would record, a purchase if any. */
function visitBatch(index: number, arm: 'A' | 'B', withElement: boolean, converts: boolean) {
  const id = (n: number) => `00000000-0000-4000-8000-${String(index * 10 + n).padStart(12, '0')}`;
  const exposure = (basis: string, at: number, n: number) => ({ e: 'X', y: 'exposure', t: at, u: id(n), a: { variation: arm, basis } });
  const events = [
    { e: 'L', y: 'campaign_activated', t: 1000, u: id(1) },
    exposure('A', 1000, 2),
    ...(withElement ? [exposure('B', 1001, 3)] : []),
    ...(converts ? [{ e: 'ev-buy', k: 'buy', y: 'custom', t: 1100, u: id(4) }] : []),
  ];
  const batch = {
    account_id: 'acc', project_id: 'sim', revision: '1', client_name: 'js', client_version: '1',
    visitors: [{ visitor_id: `visitor-${index}`, attributes: [], snapshots: [{ decisions: [{ c: 'L', x: 'X', v: arm, h: false }], events }] }],
  };
  return normalizeBody(JSON.stringify(batch))[0];
}

describe('exposure counted in both arms (ruling 24), simulated', () => {
  it(`EDT-24 with the element missing for a random half of visitors and identical arms, the exposed comparison finds no difference; one-arm counting finds a false uplift (seed ${SEED}, ${VISITORS} visitors)`, async () => {
    const random = seeded(SEED);
    const batches = Array.from({ length: VISITORS }, (_, index) => {
      const arm = random.next() < 0.5 ? 'A' : 'B';
      const withElement = random.next() < 0.5;
      return visitBatch(index, arm, withElement, random.next() < (withElement ? RATE_WITH : RATE_WITHOUT));
    });
    const store = await openEventStore();
    try {
      for (let i = 0; i < batches.length; i += 500) await store.add(batches.slice(i, i + 500), 1);
      const summary = await store.summary('sim');
      const [control, variant] = summary.experiments[0].variations;
      const experiment: ExperimentResult = {
        experimentId: 'X', name: 'X', layerId: 'L', state: 'live', dailyVisitors: null,
        srm: { chiSquare: 0, degreesOfFreedom: 1, pValue: 1, mismatch: false },
        variations: [control, variant].map((row) => ({
          variationId: row.variationId!, name: row.variationId!, share: 50, visitors: row.visitors, decisions: row.decisions,
          conversions: row.conversions, byEvent: row.conversionsByEvent, statistics: row.statistics, exposed: exposedResults(row.exposed),
        })),
      };

      // Both arms lose the same kind of visitor: about half of each is exposed on B's basis.
      const shareA = control.exposed.B.visitors / control.visitors;
      const shareB = variant.exposed.B.visitors / variant.visitors;
      expect(Math.abs(shareA - shareB)).toBeLessThan(0.05);

      // The Results tab's comparison: both arms' visitors exposed on B's basis. No difference.
      const exposed = analyse(experiment, { goal: 'buy', metric: 'conversion', method: 'frequentist', guardrail: false });
      expect(exposed.counted).toBe('exposed');
      const fair = exposed.rows[1].comparison!;
      expect(fair.error).toBeUndefined();
      const [low, high] = fair.ci!;
      expect(low).toBeLessThan(0);
      expect(high).toBeGreaterThan(0);

      // One arm only: the variation's exposed visitors against every decided control visitor. The variation
      // side holds only visitors with the element (20%), the control everyone (12.5%): +60% that is not there.
      const oneArm = compare(statsOf(experiment.variations[0], 'buy', 'conversion'), exposed.rows[1].stats, { method: 'frequentist', difference: 'relative' });
      expect(oneArm.error).toBeUndefined();
      const [biasedLow, biasedHigh] = oneArm.ci!;
      expect(biasedLow).toBeGreaterThan(0);
      // Its interval holds the bias the two populations predict, and lies far from the fair one's.
      const bias = RATE_WITH / ((RATE_WITH + RATE_WITHOUT) / 2) - 1;
      expect(biasedLow).toBeLessThan(bias);
      expect(biasedHigh).toBeGreaterThan(bias);
      expect(biasedLow).toBeGreaterThan(high);
    } finally {
      await store.close();
    }
  }, 30_000);
});
