/**
 * Thompson sampling over Beta posteriors: each variation's conversion rate has the posterior
 * Beta(1 + conversions, 1 + visitors - conversions) (uniform prior); one draw per variation, the highest
 * draw wins. Variations with no data draw from the uniform prior, so a fresh experiment explores evenly.
 */
import type { VariationOutcome } from '../context';

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

// Standard normal by Box-Muller.
const normal = (random: Random): number => {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
};

/** A Gamma(shape, 1) draw (Marsaglia and Tsang; shape below 1 boosted by U^(1/shape)). */
export const sampleGamma = (shape: number, random: Random): number => {
  if (shape < 1) return sampleGamma(shape + 1, random) * Math.pow(random() || Number.MIN_VALUE, 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
};

/** A Beta(a, b) draw. */
export const sampleBeta = (a: number, b: number, random: Random): number => {
  const x = sampleGamma(a, random);
  return x / (x + sampleGamma(b, random));
};

/** The posterior parameters of a variation: successes and failures plus the uniform prior. */
export const posterior = (outcome: VariationOutcome | undefined): [number, number] => {
  const visitors = Math.max(0, outcome?.visitors ?? 0);
  const conversions = Math.min(visitors, Math.max(0, outcome?.conversions ?? 0));
  return [1 + conversions, 1 + visitors - conversions];
};

/** Chooses one of `variationIds` by Thompson sampling over `outcomes` (missing variations: uniform prior). */
export const thompsonChoose = (variationIds: readonly string[], outcomes: readonly VariationOutcome[], random: Random = Math.random): string => {
  const byId = new Map(outcomes.map((outcome) => [outcome.variationId, outcome]));
  let best = variationIds[0];
  let bestDraw = -1;
  for (const id of variationIds) {
    const [a, b] = posterior(byId.get(id));
    const draw = sampleBeta(a, b, random);
    if (draw > bestDraw) {
      bestDraw = draw;
      best = id;
    }
  }
  return best;
};
