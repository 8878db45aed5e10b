/**
 * What a typed value must be before a field stores it (issue 36: a typo is refused where it is typed,
 * never clamped into a different experiment). Pure, so the rules are unit-tested without a browser.
 */

/** The bounds of a number field. */
export interface NumberRule {
  min?: number;
  max?: number;
  /** Decimals allowed after the point (undefined: any). */
  decimals?: number;
  /** Shown after the number in messages ("%", "ms"). */
  unit?: string;
}

/** The outcome of reading a typed number: the value to store, or why it is refused. */
export type NumberReading = { value: number | undefined; problem?: undefined } | { value?: undefined; problem: string };

const DECIMAL_WORDS = ['no decimals', 'at most one decimal', 'at most two decimals', 'at most three decimals'];

/** Reads `text` as a number under `rule`: empty is undefined; anything out of bounds is refused with a sentence. */
export function readNumber(text: string, rule: NumberRule = {}): NumberReading {
  const typed = text.trim().replace(',', '.');
  if (typed === '') return { value: undefined };
  const unit = rule.unit ?? '';
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(typed)) return { problem: `"${text.trim()}" is not a number.` };
  const value = Number(typed);
  const range = rule.min !== undefined && rule.max !== undefined ? `Enter a value from ${rule.min} to ${rule.max}${unit}.` : '';
  if (rule.max !== undefined && value > rule.max) return { problem: `${typed}${unit} is more than ${rule.max}${unit}. ${range || `Enter at most ${rule.max}${unit}.`}` };
  if (rule.min !== undefined && value < rule.min) return { problem: `${typed}${unit} is less than ${rule.min}${unit}. ${range || `Enter at least ${rule.min}${unit}.`}` };
  const decimals = typed.includes('.') ? typed.split('.')[1].length : 0;
  if (rule.decimals !== undefined && decimals > rule.decimals) {
    const words = DECIMAL_WORDS[rule.decimals] ?? `at most ${rule.decimals} decimals`;
    return { problem: `Use ${words}: ${typed}${unit} is more precise than the field stores.` };
  }
  return { value };
}

/** The rule of a traffic share or holdback: a percentage of visitors, stored in basis points (0.01%). */
export const PERCENT_RULE: NumberRule = { min: 0, max: 100, decimals: 2, unit: '%' };

/**
 * A variation's share of an experiment's traffic, refused when the variations would take more than all
 * of it (the stored ranges cannot hold more than 100%, and capping would silently change another share).
 */
export function trafficShareProblem(share: number, othersTotal: number): string | undefined {
  const left = Math.round((100 - othersTotal) * 100) / 100;
  if (share <= left + 1e-9) return undefined;
  const total = Math.round((othersTotal + share) * 100) / 100;
  return `The variations would take ${total}% of the traffic: at most ${Math.max(0, left)}% is left for this one. Lower another variation first.`;
}
