/**
 * The inspector's number rules (issue 36): a typed value is read, or refused with its reason; it is
 * never clamped into another value. And a traffic share that would take more than all the traffic.
 */
import { describe, expect, it } from 'vitest';
import { PERCENT_RULE, readNumber, trafficShareProblem } from '../../../desktop/renderer/src/inspector/field-rules';

describe('inspector number rules', () => {
  it('EDT-8 reads percentages with up to two decimals, a comma as the decimal point, empty as no value', () => {
    expect(readNumber('50', PERCENT_RULE)).toEqual({ value: 50 });
    expect(readNumber(' 12.25 ', PERCENT_RULE)).toEqual({ value: 12.25 });
    expect(readNumber('0,5', PERCENT_RULE)).toEqual({ value: 0.5 });
    expect(readNumber('100', PERCENT_RULE)).toEqual({ value: 100 });
    expect(readNumber('0', PERCENT_RULE)).toEqual({ value: 0 });
    expect(readNumber('', PERCENT_RULE)).toEqual({ value: undefined });
  });

  it('EDT-8 refuses out of range, too precise and non-numbers with a sentence, never a clamped value', () => {
    expect(readNumber('150', PERCENT_RULE)).toEqual({ problem: '150% is more than 100%. Enter a value from 0 to 100%.' });
    expect(readNumber('-1', PERCENT_RULE)).toEqual({ problem: '-1% is less than 0%. Enter a value from 0 to 100%.' });
    expect(readNumber('33.333', PERCENT_RULE)).toEqual({ problem: 'Use at most two decimals: 33.333% is more precise than the field stores.' });
    expect(readNumber('1e2', PERCENT_RULE).problem).toBe('"1e2" is not a number.');
    expect(readNumber('50%', PERCENT_RULE).problem).toBe('"50%" is not a number.');
    expect(readNumber('Infinity', PERCENT_RULE).problem).toBe('"Infinity" is not a number.');
    expect(readNumber('7', { min: 10 }).problem).toBe('7 is less than 10. Enter at least 10.');
    expect(readNumber('2.5', { decimals: 0, unit: ' ms' }).problem).toBe('Use no decimals: 2.5 ms is more precise than the field stores.');
  });

  it('EDT-8 a share is refused when the variations would take more than all the traffic, saying how much is left', () => {
    expect(trafficShareProblem(50, 50)).toBeUndefined();
    expect(trafficShareProblem(33.33, 66.67)).toBeUndefined();
    expect(trafficShareProblem(60, 50)).toBe('The variations would take 110% of the traffic: at most 50% is left for this one. Lower another variation first.');
    expect(trafficShareProblem(0.01, 100)).toBe('The variations would take 100.01% of the traffic: at most 0% is left for this one. Lower another variation first.');
  });
});
