/**
 * verdict(): the sentence staff read for a variation and a metric (rules in stats/verdict.ts).
 */
import { describe, expect, it } from 'vitest';
import { type CompareOptions, compare, type SufficientStats, type VerdictInput, verdict } from '../../../stats';

const proportion = (n: number, conversions: number): SufficientStats => ({ n, sum: conversions, sumSquares: conversions });
const RELATIVE: CompareOptions = { method: 'frequentist', difference: 'relative' };

const read = (control: SufficientStats, variant: SufficientStats, options: CompareOptions, extra: Partial<VerdictInput> = {}) =>
  verdict({ comparison: compare(control, variant, options), control, variant, options, name: 'Variation B', ...extra });

describe('verdict', () => {
  it('ahead: the interval lies above zero (1,000 against 1,150 conversions in 10,000 each)', () => {
    expect(read(proportion(10_000, 1000), proportion(10_000, 1150), RELATIVE)).toEqual({
      kind: 'ahead',
      text: 'Variation B is ahead: +15.0% (+5.8% to +24.2%)',
      flagged: false,
    });
  });

  it('behind: the interval lies below zero; a guardrail metric is flagged', () => {
    const control = proportion(10_000, 1000);
    const worse = proportion(10_000, 850);
    expect(read(control, worse, RELATIVE)).toEqual({ kind: 'behind', text: 'Variation B is behind: \u221215.0% (\u221222.4% to \u22127.6%)', flagged: false });
    expect(read(control, worse, RELATIVE, { guardrail: true })).toEqual({
      kind: 'behind',
      text: 'Variation B makes this guardrail metric worse: \u221215.0% (\u221222.4% to \u22127.6%)',
      flagged: true,
    });
  });

  it('lower is better: an interval below zero is ahead and says so; above zero breaks a guardrail', () => {
    const options: CompareOptions = { ...RELATIVE, lowerIsBetter: true };
    expect(read(proportion(10_000, 1000), proportion(10_000, 850), options).text).toBe('Variation B is ahead (lower is better): \u221215.0% (\u221222.4% to \u22127.6%)');
    expect(read(proportion(10_000, 1000), proportion(10_000, 1150), options, { guardrail: true })).toMatchObject({ kind: 'behind', flagged: true });
  });

  it('no difference: the interval holds zero after the visitors needed for a 5% uplift (150,000 each at 5%)', () => {
    expect(read(proportion(150_000, 7500), proportion(150_000, 7520), RELATIVE)).toEqual({
      kind: 'no-difference',
      text: 'No difference found: +0.3% (\u22122.9% to +3.4%)',
      flagged: false,
    });
  });

  it('not enough data: the interval holds zero before then; the visitors and days still needed, by method', () => {
    const control = proportion(20_000, 1000);
    const variant = proportion(20_000, 1010);
    // 122,124 per variation detect +5% on 5% with 80% power: 102,124 more.
    expect(read(control, variant, RELATIVE)).toEqual({
      kind: 'not-enough-data',
      text: 'Not enough data yet: about 110,000 more visitors per variation to detect a 5% uplift at the current rate',
      flagged: false,
      moreVisitors: 102_124,
    });
    expect(read(control, variant, RELATIVE, { dailyVisitors: 3000 })).toMatchObject({
      moreDays: 69,
      text: 'Not enough data yet: about 110,000 more visitors per variation (69 more days at the current traffic) to detect a 5% uplift at the current rate',
    });
    // Thousands of days read with their separator, as the visitors do.
    expect(read(control, variant, RELATIVE, { dailyVisitors: 60 }).text).toMatch(/\(\d{1,3}(,\d{3})+ more days at the current traffic\)/);
    // The sequential interval is wider at every look, so it needs more; a 10% uplift needs fewer.
    expect(read(control, variant, { ...RELATIVE, method: 'sequential' }).moreVisitors).toBe(285_465);
    expect(read(control, variant, RELATIVE, { minimumUplift: 0.1 }).text).toMatch(/^Not enough data yet: about 12,000 more visitors per variation to detect a 10% uplift/);
  });

  it('a comparison without numbers: the visitors still needed when the control gives a rate, else its reason', () => {
    expect(read(proportion(300, 10), proportion(300, 14), RELATIVE)).toMatchObject({ kind: 'not-enough-data', moreVisitors: 186_185 });
    expect(read(proportion(300, 0), proportion(300, 14), RELATIVE)).toEqual({
      kind: 'not-enough-data',
      text: 'Not enough data yet: the control has 0 conversions, and each variation needs at least 20 conversions and 20 visitors without one before its interval can be trusted.',
      flagged: false,
    });
    expect(read(proportion(0, 0), proportion(0, 0), RELATIVE).text).toBe('Not enough data yet: the control has 0 visitors, and each variation needs at least 2.');
    // Every control visitor spent exactly 5.
    const revenue = { n: 500, sum: 2500, sumSquares: 12_500 };
    expect(read(revenue, { n: 500, sum: 2600, sumSquares: 19_000 }, RELATIVE).text).toMatch(/^Not enough data yet\. No spread in the control's metric yet/);
    expect(read(proportion(-3, 0), proportion(300, 14), RELATIVE)).toMatchObject({ kind: 'cannot-compare', text: expect.stringContaining('not valid') });
  });

  it('absolute differences read in percentage points for a rate and in the metric unit for a mean', () => {
    const absolute: CompareOptions = { method: 'frequentist', difference: 'absolute' };
    expect(read(proportion(10_000, 1000), proportion(10_000, 1150), absolute).text).toBe('Variation B is ahead: +1.5 percentage points (+0.6 to +2.4)');
    // Revenue per visitor 50.0 against 52.4, standard deviation 20, 5,000 visitors each.
    const revenue = (n: number, mean: number) => ({ n, sum: n * mean, sumSquares: (n - 1) * 400 + n * mean * mean });
    expect(read(revenue(5000, 50), revenue(5000, 52.4), absolute).text).toBe('Variation B is ahead: +2.4 (+1.6 to +3.2)');
  });
});
