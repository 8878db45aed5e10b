/**
 * Statistics for experiment results (`varia/stats`): pure arithmetic on sufficient statistics, with no
 * Node or DOM import, so the services, the editor and a browser can all call it. See README.md here.
 */
export { type CompareOptions, type CompareResult, type Comparison, type ComparisonError, compare, DEFAULT_MINIMUM_CONVERSIONS, DEFAULT_TUNING, type EffectPrior, type Method } from './compare';
export { chiSquareSurvival, normalCdf, normalQuantile, studentTCdf, studentTQuantile } from './distributions';
export type { AdjustedStats, Difference, ErrorCode, SufficientStats, VariationStats } from './moments';
export { type Baseline, baselineOf, type SampleSize, type SampleSizeOptions, sampleSize } from './sample-size';
export { type Verdict, type VerdictInput, type VerdictKind, verdict } from './verdict';
