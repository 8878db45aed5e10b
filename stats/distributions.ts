/**
 * The probability distributions the statistics need, in plain arithmetic so that they run in Node and in
 * a browser alike: the standard normal, Student's t and the chi-square, built on the log-gamma function
 * and the regularised incomplete gamma and beta functions. Accuracy: about 1e-14 relative in the body
 * of each distribution and in its tails (checked against closed forms in tests/unit/stats/).
 */

const LANCZOS_G = 7;
// Lanczos coefficients for g = 7, n = 9: |error| of Γ below 2e-15 relative over x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);
const EPSILON = 1e-15;
const TINY = 1e-300;
const MAX_ITERATIONS = 10_000;

/** ln Γ(x) for x > 0 (Lanczos approximation; the reflection formula below 1/2). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let series = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i += 1) series += LANCZOS[i] / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(series);
}

/** Stirling's correction: ln Γ(x) - ((x - 1/2) ln x - x + ln √(2π)), for x >= 10 (error below 1e-17). */
function stirlingCorrection(x: number): number {
  const inverse2 = 1 / (x * x);
  return (1 / 12 - inverse2 * (1 / 360 - inverse2 * (1 / 1260 - inverse2 / 1680))) / x;
}

/**
 * ln B(a, b) = ln Γ(a) + ln Γ(b) - ln Γ(a + b). With a large argument the two large log-gammas are
 * subtracted analytically (Stirling), so Welch's thousands of degrees of freedom lose no digits.
 */
export function logBeta(a: number, b: number): number {
  const small = Math.min(a, b);
  const large = Math.max(a, b);
  if (large < 10) return logGamma(a) + logGamma(b) - logGamma(a + b);
  const largeMinusSum = -small * Math.log(large) - (large + small - 0.5) * Math.log1p(small / large) + small;
  return logGamma(small) + largeMinusSum + stirlingCorrection(large) - stirlingCorrection(large + small);
}

/**
 * The regularised incomplete gamma functions P(a, x) and Q(a, x) = 1 - P(a, x), both returned so that
 * the small one keeps its relative accuracy (a series below a + 1, a continued fraction above).
 */
export function regularizedGamma(a: number, x: number): { lower: number; upper: number } {
  if (x <= 0) return { lower: 0, upper: 1 };
  const logPrefactor = -x + a * Math.log(x) - logGamma(a);
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < MAX_ITERATIONS; n += 1) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * EPSILON) break;
    }
    const lower = Math.min(1, sum * Math.exp(logPrefactor));
    return { lower, upper: 1 - lower };
  }
  // Modified Lentz evaluation of the continued fraction for Q.
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let fraction = d;
  for (let i = 1; i < MAX_ITERATIONS; i += 1) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    fraction *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  const upper = Math.min(1, Math.exp(logPrefactor) * fraction);
  return { lower: 1 - upper, upper };
}

/** P(X > x) for X chi-square with `degreesOfFreedom` (1 for x <= 0). */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  return regularizedGamma(degreesOfFreedom / 2, x / 2).upper;
}

/** The standard normal density. */
export function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z - HALF_LOG_TWO_PI);
}

/** Φ(z), the standard normal distribution function (through erfc(x) = Q(1/2, x²), accurate in both tails). */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  const { lower, upper } = regularizedGamma(0.5, (z * z) / 2);
  return z < 0 ? upper / 2 : 0.5 + lower / 2;
}

// Acklam's rational approximation of the normal quantile (relative error below 1.2e-9), refined below.
const ACKLAM_A = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
const ACKLAM_B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const ACKLAM_C = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const ACKLAM_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
const ACKLAM_LOW = 0.02425;

const polynomial = (coefficients: readonly number[], x: number) => coefficients.reduce((sum, coefficient) => sum * x + coefficient, 0);

/** Φ⁻¹(p), the standard normal quantile, for 0 < p < 1 (-Infinity and Infinity at 0 and 1). */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) return Number.NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  let z: number;
  if (p < ACKLAM_LOW || p > 1 - ACKLAM_LOW) {
    const q = Math.sqrt(-2 * Math.log(p < 0.5 ? p : 1 - p));
    const tail = polynomial(ACKLAM_C, q) / (polynomial(ACKLAM_D, q) * q + 1);
    z = p < 0.5 ? tail : -tail;
  } else {
    const q = p - 0.5;
    const r = q * q;
    z = (polynomial(ACKLAM_A, r) * q) / (polynomial(ACKLAM_B, r) * r + 1);
  }
  // One Halley step on Φ(z) - p, measured on the smaller tail so that extreme p keep their precision.
  const error = p < 0.5 ? normalCdf(z) - p : 1 - p - normalCdf(-z);
  const step = error / normalDensity(z);
  return z - step / (1 + (z * step) / 2);
}

/**
 * The regularised incomplete beta function I_x(a, b), with `complement` = 1 - x given separately so that
 * an x close to 1 loses no digits. Continued fraction (modified Lentz) on whichever side converges.
 */
export function regularizedBeta(x: number, a: number, b: number, complement = 1 - x): number {
  if (x <= 0) return 0;
  if (complement <= 0) return 1;
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedBeta(complement, b, a, x);
  // Each logarithm from the smaller of x and 1 - x: a ln x with a in the millions magnifies any rounding.
  const logX = x < 0.5 ? Math.log(x) : Math.log1p(-complement);
  const logComplement = complement < 0.5 ? Math.log(complement) : Math.log1p(-x);
  const logPrefactor = a * logX + b * logComplement - logBeta(a, b) - Math.log(a);
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let fraction = d;
  for (let m = 1; m < MAX_ITERATIONS; m += 1) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + even / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    fraction *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + odd / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    fraction *= delta;
    if (Math.abs(delta - 1) < EPSILON) break;
  }
  return Math.exp(logPrefactor) * fraction;
}

/** Beyond this many degrees of freedom Student's t is the normal to better than 1e-7 in every quantile. */
const NORMAL_DEGREES = 1e7;

/** P(T > t) for T Student's t with `degreesOfFreedom` > 0 (any real number: Welch's are fractional). */
export function studentTSurvival(t: number, degreesOfFreedom: number): number {
  if (Number.isNaN(t) || !(degreesOfFreedom > 0)) return Number.NaN;
  if (degreesOfFreedom >= NORMAL_DEGREES) return normalCdf(-t);
  const t2 = t * t;
  // P(|T| > |t|) = I_x(ν/2, 1/2) with x = ν / (ν + t²); 1 - x is written out to keep small t exact.
  const tails = regularizedBeta(degreesOfFreedom / (degreesOfFreedom + t2), degreesOfFreedom / 2, 0.5, t2 / (degreesOfFreedom + t2));
  return t >= 0 ? tails / 2 : 1 - tails / 2;
}

/** P(T <= t) for T Student's t with `degreesOfFreedom` > 0. */
export function studentTCdf(t: number, degreesOfFreedom: number): number {
  return studentTSurvival(-t, degreesOfFreedom);
}

/** The density of Student's t. */
export function studentTDensity(t: number, degreesOfFreedom: number): number {
  const v = degreesOfFreedom;
  const logDensity = logGamma((v + 1) / 2) - logGamma(v / 2) - 0.5 * Math.log(v * Math.PI) - ((v + 1) / 2) * Math.log1p((t * t) / v);
  return Math.exp(logDensity);
}

/** The upper-tail quantile: the t > 0 with P(T > t) = q, for 0 < q < 1/2. */
function upperTailQuantile(q: number, v: number): number {
  if (v === 1) return 1 / Math.tan(Math.PI * q);
  if (v === 2) return (1 - 2 * q) / Math.sqrt(2 * q * (1 - q));
  // Cornish-Fisher expansion around the normal quantile as the start, then safeguarded Newton steps.
  const z = -normalQuantile(q);
  const z2 = z * z;
  let t =
    z +
    (z * (z2 + 1)) / (4 * v) +
    (z * ((5 * z2 + 16) * z2 + 3)) / (96 * v * v) +
    (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / (384 * v ** 3);
  let low = 0;
  let high = Infinity;
  for (let i = 0; i < 200; i += 1) {
    const excess = studentTSurvival(t, v) - q;
    if (excess > 0) low = t;
    else high = t;
    const newton = t + excess / studentTDensity(t, v);
    if (newton > low && newton < high) {
      // Newton converges quadratically: after a step this small the error left is below 1e-15.
      if (Math.abs(newton - t) <= 1e-8 * Math.max(1, Math.abs(newton))) return newton;
      t = newton;
    } else {
      // A Newton step that leaves the bracket (heavy tails, few degrees of freedom) is replaced by halving it.
      if (!Number.isFinite(high)) t = Math.max(2 * t, low + 1);
      else if (high - low <= 1e-15 * high) return (low + high) / 2;
      else t = (low + high) / 2;
    }
  }
  return t;
}

/** The quantile of Student's t: the t with P(T <= t) = p, for 0 < p < 1 and any `degreesOfFreedom` > 0. */
export function studentTQuantile(p: number, degreesOfFreedom: number): number {
  if (!(p >= 0 && p <= 1) || !(degreesOfFreedom > 0)) return Number.NaN;
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  if (degreesOfFreedom >= NORMAL_DEGREES) return normalQuantile(p);
  return p > 0.5 ? upperTailQuantile(1 - p, degreesOfFreedom) : -upperTailQuantile(p, degreesOfFreedom);
}
