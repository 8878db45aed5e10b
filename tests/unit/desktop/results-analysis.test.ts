/**
 * The Results tab's view model (issue 38): each variation's estimate and interval, the comparison with
 * the control by the project's method, the verdict in words, guardrails, the uplift axis, and the
 * method kept per project.
 */
import { describe, expect, it } from 'vitest';
import { analyse, axisScale, estimateOf, metricsOf, statsOf } from '../../../desktop/renderer/src/results/analysis';
import { DEFAULT_RESULTS_SETTINGS, readResultsSettings, writeResultsSettings } from '../../../desktop/renderer/src/results/settings';
import type { ExperimentResult, GoalStatistics } from '../../../editor-model/api-contract';
import { compare } from '../../../stats/index';

/** An experiment with a control and one variation, each with visitors and one goal's statistics. */
function experiment(sides: Array<[visitors: number, buy: GoalStatistics]>, dailyVisitors: number | null = null): ExperimentResult {
  return {
    experimentId: 'E',
    name: 'Hero',
    layerId: 'L',
    state: 'live',
    dailyVisitors,
    srm: { chiSquare: 0, degreesOfFreedom: 1, pValue: 1, mismatch: false },
    variations: sides.map(([visitors, buy], index) => ({
      variationId: `v${index}`,
      name: index ? `Variation ${String.fromCharCode(65 + index)}` : 'Original',
      share: 50,
      visitors,
      decisions: visitors,
      conversions: buy.conversions,
      byEvent: { buy: buy.conversions },
      statistics: { buy },
      exposed: {},
    })),
  };
}

describe('results view model', () => {
  it('EDT-24 a rate gets Wilson\'s interval and a mean Student\'s t interval', () => {
    // Wilson 95% for 10 of 100: 0.0552 to 0.1744 (Newcombe 1998, table I's method 3 reproduces it).
    const rate = estimateOf({ n: 100, sum: 10, sumSquares: 10 }, 'conversion')!;
    expect(rate.value).toBe(0.1);
    expect(rate.interval[0]).toBeCloseTo(0.0552, 4);
    expect(rate.interval[1]).toBeCloseTo(0.1744, 4);
    // 1, 2, 3, 4, 5: mean 3, standard error sqrt(2.5 / 5), t(0.975, 4) = 2.776445.
    const mean = estimateOf({ n: 5, sum: 15, sumSquares: 55 }, 'revenue')!;
    expect(mean.interval[0]).toBeCloseTo(3 - 2.776445 * Math.sqrt(0.5), 5);
    expect(mean.interval[1]).toBeCloseTo(3 + 2.776445 * Math.sqrt(0.5), 5);
    expect(estimateOf({ n: 1, sum: 1, sumSquares: 1 }, 'conversion')).toBeNull();
  });

  it('EDT-24 offers revenue only for a goal with revenue sums, and reads each metric\'s sufficient statistics', () => {
    const shop = experiment([[1000, { conversions: 50, revenue: { sum: 2500, sumOfSquares: 250_000 } }], [1000, { conversions: 60 }]]);
    expect(metricsOf(shop, 'buy')).toEqual(['conversion', 'revenue']);
    expect(metricsOf(shop, '')).toEqual(['conversion']);
    expect(statsOf(shop.variations[0], 'buy', 'revenue')).toEqual({ n: 1000, sum: 2500, sumSquares: 250_000 });
    expect(statsOf(shop.variations[1], 'buy', 'revenue')).toEqual({ n: 1000, sum: 0, sumSquares: 0 });
    expect(statsOf(shop.variations[1], 'buy', 'conversion')).toEqual({ n: 1000, sum: 60, sumSquares: 60 });
  });

  it('EDT-24 compares each variation with the first by the chosen method and says who is ahead', () => {
    const winner = experiment([[20_000, { conversions: 1000 }], [20_000, { conversions: 1200 }]]);
    for (const method of ['sequential', 'frequentist', 'bayesian'] as const) {
      const { rows } = analyse(winner, { goal: 'buy', metric: 'conversion', method, guardrail: false });
      expect(rows[0].comparison).toBeUndefined();
      expect(rows[1].comparison).toEqual(compare({ n: 20_000, sum: 1000, sumSquares: 1000 }, { n: 20_000, sum: 1200, sumSquares: 1200 }, { method, difference: 'relative', alpha: 0.05 }));
      expect(rows[1].verdict?.kind).toBe('ahead');
      expect(rows[1].verdict?.text).toMatch(/^Variation B is ahead: \+20\.0% \(\+\d+\.\d% to \+\d+\.\d%\)$/);
    }
  });

  it('EDT-24 a guardrail goal whose interval lies below zero is flagged; the same goal unmarked is only behind', () => {
    const worse = experiment([[20_000, { conversions: 1200 }], [20_000, { conversions: 1000 }]]);
    const marked = analyse(worse, { goal: 'buy', metric: 'conversion', method: 'sequential', guardrail: true });
    expect(marked.flagged).toBe(true);
    expect(marked.rows[1].verdict).toMatchObject({ kind: 'behind', flagged: true });
    expect(analyse(worse, { goal: 'buy', metric: 'conversion', method: 'sequential', guardrail: false }).flagged).toBe(false);
  });

  it('EDT-24 too few visitors read "not enough data" with the visitors (and days at the current pace) still needed', () => {
    const early = experiment([[300, { conversions: 30 }], [300, { conversions: 33 }]], 120);
    const { rows } = analyse(early, { goal: 'buy', metric: 'conversion', method: 'sequential', guardrail: false });
    expect(rows[1].verdict?.kind).toBe('not-enough-data');
    expect(rows[1].verdict?.text).toMatch(/^Not enough data yet: about [\d,]+ more visitors per variation \([\d,]+ more days at the current traffic\) to detect a 5% uplift/);
    const days = rows[1].verdict!.moreDays!;
    expect(days).toBe(Math.ceil((rows[1].verdict!.moreVisitors! * 2) / 120));
  });

  it('EDT-24 the uplift axis is a round bound above every interval, at least 5%', () => {
    expect(axisScale([0.031, -0.02])).toBe(0.05);
    expect(axisScale([0.12])).toBeCloseTo(0.2, 12);
    expect(axisScale([0.3, -0.21])).toBeCloseTo(0.5, 12);
    expect(axisScale([-0.8])).toBe(1);
    expect(axisScale([])).toBe(0.05);
  });
});

describe('results settings', () => {
  it('EDT-24 are sequential with no guardrail by default, kept per project, and a malformed entry reads as the default', () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (key: string) => kept.get(key) ?? null, setItem: (key: string, value: string) => void kept.set(key, value) };
    expect(readResultsSettings('shop', storage)).toEqual(DEFAULT_RESULTS_SETTINGS);
    expect(DEFAULT_RESULTS_SETTINGS.method).toBe('sequential');
    writeResultsSettings('shop', { method: 'bayesian', guardrails: ['refund'] }, storage);
    expect(readResultsSettings('shop', storage)).toEqual({ method: 'bayesian', guardrails: ['refund'] });
    expect(readResultsSettings('other', storage)).toEqual(DEFAULT_RESULTS_SETTINGS);
    kept.set('varia.results.shop', '{"method":"magic","guardrails":[1,"ok"]}');
    expect(readResultsSettings('shop', storage)).toEqual({ method: 'sequential', guardrails: ['ok'] });
    kept.set('varia.results.shop', '{not json');
    expect(readResultsSettings('shop', storage)).toEqual(DEFAULT_RESULTS_SETTINGS);
  });

  it('EDT-24 ruling 24: each variation is compared with the control on both arms\' visitors exposed on its basis, and the rows show decided and exposed visitors apart', () => {
    const base = experiment([[0, { conversions: 0 }], [0, { conversions: 0 }], [0, { conversions: 0 }]]);
    const exposed = (visitors: number, conversions: number) => ({ visitors, conversions, byEvent: { buy: conversions }, statistics: { buy: { conversions } } });
    const [control, b, c] = base.variations;
    // Decided: 2,000 each. The control's visitors exposed on B's page and on C's; B's and C's on their own (and on the control's, unused).
    Object.assign(control, { visitors: 2000, conversions: 150, byEvent: { buy: 150 }, statistics: { buy: { conversions: 150 } }, exposed: { v1: exposed(1000, 100), v2: exposed(1500, 120) } });
    Object.assign(b, { visitors: 2000, conversions: 160, byEvent: { buy: 160 }, statistics: { buy: { conversions: 160 } }, exposed: { v0: exposed(2000, 160), v1: exposed(990, 110) } });
    Object.assign(c, { visitors: 2000, conversions: 130, byEvent: { buy: 130 }, statistics: { buy: { conversions: 130 } }, exposed: { v0: exposed(2000, 130), v2: exposed(1490, 100) } });
    const analysis = analyse(base, { goal: 'buy', metric: 'conversion', method: 'frequentist', guardrail: false });
    expect(analysis.counted).toBe('exposed');
    const [rowControl, rowB, rowC] = analysis.rows;
    // B against the control on B's basis; C against the control on C's basis: each pair by one rule.
    expect(rowB.stats).toEqual({ n: 990, sum: 110, sumSquares: 110 });
    expect(rowB.comparison).toEqual(compare({ n: 1000, sum: 100, sumSquares: 100 }, { n: 990, sum: 110, sumSquares: 110 }, { method: 'frequentist', difference: 'relative', alpha: 0.05 }));
    expect(rowC.comparison).toEqual(compare({ n: 1500, sum: 120, sumSquares: 120 }, { n: 1490, sum: 100, sumSquares: 100 }, { method: 'frequentist', difference: 'relative', alpha: 0.05 }));
    expect(rowControl.exposed).toEqual([{ basis: 'v1', visitors: 1000 }, { basis: 'v2', visitors: 1500 }]);
    expect(rowB.exposed).toEqual([{ basis: 'v1', visitors: 990 }]);
    expect([rowControl, rowB, rowC].map((row) => row.variation.visitors)).toEqual([2000, 2000, 2000]);
    // With several variations the control's own figure is over its decided visitors; in an A/B test, over those exposed on B's basis.
    expect(rowControl.stats.n).toBe(2000);
    const ab = { ...base, variations: [control, b] };
    expect(analyse(ab, { goal: 'buy', metric: 'conversion', method: 'frequentist', guardrail: false }).rows[0].stats.n).toBe(1000);
    // A variation nobody was exposed to yet is compared on no visitors, not on its decided ones.
    const none = { ...base, variations: [control, { ...c, exposed: {} }] };
    expect(analyse(none, { goal: 'buy', metric: 'conversion', method: 'frequentist', guardrail: false }).rows[1].comparison?.error).toBeDefined();
  });

  it('EDT-24 an experiment without any exposure recorded (visitors from before exposure was tracked) is compared on decided visitors, and says so', () => {
    const old = experiment([[20_000, { conversions: 1000 }], [20_000, { conversions: 1200 }]]);
    const analysis = analyse(old, { goal: 'buy', metric: 'conversion', method: 'frequentist', guardrail: false });
    expect(analysis.counted).toBe('decided');
    expect(analysis.rows[1].stats).toEqual({ n: 20_000, sum: 1200, sumSquares: 1200 });
  });
});
