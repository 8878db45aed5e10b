/**
 * The distributions under the statistics: closed forms where they exist (Student's t with 1, 2 and 4
 * degrees of freedom, the chi-square with 2), the classic table values, and reference values from
 * SciPy 1.17.1 (`scipy.stats.t.ppf`, `t.sf`, `norm.cdf`, `norm.ppf`, `chi2.sf`) for fractional, large and
 * extreme arguments.
 */
import { describe, expect, it } from 'vitest';
import {
  chiSquareSurvival,
  logGamma,
  normalCdf,
  normalQuantile,
  regularizedBeta,
  studentTCdf,
  studentTQuantile,
  studentTSurvival,
} from '../../../stats/distributions';

const relativeError = (actual: number, expected: number) => Math.abs(actual - expected) / Math.abs(expected);

// Closed forms of Student's t lower tail P(T <= t) for t <= 0, written without cancellation.
const tTail1 = (t: number) => Math.atan(-1 / t) / Math.PI;
const tTail2 = (t: number) => {
  const r = Math.sqrt(2 + t * t);
  return 1 / (r * (r - t));
};
const tTail4 = (t: number) => {
  const r = Math.sqrt(4 + t * t);
  const oneMinusX = 4 / (r * (r - t)); // 1 - |t| / r
  return 0.25 * oneMinusX ** 2 * (3 - oneMinusX);
};

describe('log-gamma and the incomplete functions', () => {
  it('ln Γ matches factorials and Γ(1/2) = √π, large arguments included', () => {
    let logFactorial = 0;
    for (let n = 1; n <= 170; n += 1) {
      expect(Math.abs(logGamma(n + 1) - (logFactorial += Math.log(n)))).toBeLessThan(1e-12 * Math.max(1, logFactorial));
    }
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 14);
    expect(logGamma(0.1)).toBeCloseTo(2.252712651734206, 13); // ln Γ(0.1), reflection branch
  });

  it('I_x(a, 1) = x^a and I_x(1, b) = 1 - (1 - x)^b', () => {
    for (const x of [1e-6, 0.1, 0.5, 0.93, 0.999999]) {
      for (const shape of [0.5, 2, 7.5, 300]) {
        // (1e-6)^300 underflows to 0, and so does the function.
        if (x ** shape > 0) expect(relativeError(regularizedBeta(x, shape, 1), x ** shape)).toBeLessThan(1e-12);
        else expect(regularizedBeta(x, shape, 1)).toBe(0);
        expect(relativeError(regularizedBeta(x, 1, shape), -Math.expm1(shape * Math.log1p(-x)))).toBeLessThan(1e-12);
      }
    }
  });

  it('the chi-square with 2 degrees of freedom survives as exp(-x/2); the 5% critical value of 1 degree', () => {
    for (const x of [0.01, 0.7, 3, 19, 120, 1400]) expect(relativeError(chiSquareSurvival(x, 2), Math.exp(-x / 2))).toBeLessThan(1e-12);
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 14);
    expect(relativeError(chiSquareSurvival(150, 10), 3.727485055062505e-27)).toBeLessThan(1e-12);
    expect(chiSquareSurvival(0, 3)).toBe(1);
  });
});

describe('the standard normal', () => {
  it('agrees with SciPy in the body and far into both tails', () => {
    expect(relativeError(normalCdf(-8), 6.22096057427174e-16)).toBeLessThan(1e-12);
    expect(relativeError(normalCdf(-37), 5.7255712225239266e-300)).toBeLessThan(1e-12);
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 15);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 14);
    expect(relativeError(normalQuantile(1e-20), -9.262340089798409)).toBeLessThan(1e-14);
  });

  it('the quantile inverts the distribution function from 1e-300 to 1 - 1e-12', () => {
    for (const p of [1e-300, 1e-100, 1e-12, 0.001, 0.02425, 0.0243, 0.3, 0.5, 0.77, 0.97575, 0.999, 1 - 1e-12]) {
      const z = normalQuantile(p);
      expect(relativeError(p < 0.5 ? normalCdf(z) : 1 - normalCdf(-z), p)).toBeLessThan(1e-12);
    }
    expect([normalQuantile(0), normalQuantile(1)]).toEqual([-Infinity, Infinity]);
  });
});

describe("Student's t", () => {
  it('matches the closed forms for 1, 2 and 4 degrees of freedom, in the body and the tails', () => {
    for (const t of [-5000, -300, -20, -3.5, -1, -0.05]) {
      for (const [degrees, tail] of [
        [1, tTail1],
        [2, tTail2],
        [4, tTail4],
      ] as const) {
        expect(relativeError(studentTCdf(t, degrees), tail(t))).toBeLessThan(1e-12);
        expect(relativeError(studentTSurvival(-t, degrees), tail(t))).toBeLessThan(1e-12);
        expect(Math.abs(studentTCdf(-t, degrees) - (1 - tail(t)))).toBeLessThan(1e-15);
      }
    }
    expect(studentTCdf(0, 3.3)).toBe(0.5);
  });

  it('gives the table quantiles, the fractional degrees of Welch and millions of degrees (SciPy values)', () => {
    const cases: Array<[number, number, number]> = [
      [0.975, 1, 12.706204736174694],
      [0.975, 2, 4.302652729749462],
      [0.975, 4.5, 2.6589123472044034],
      [0.995, 7.3, 3.451031655622185],
      [0.975, 30, 2.0422724563012378],
      [0.975, 1000, 1.9623390808264083],
      [0.9, 12345.6, 1.2816201430954086],
      [1e-10, 3, -2225.769284683093],
      [0.6, 2e6, 0.25334713683681803],
      [0.95, Infinity, 1.6448536269514722],
    ];
    for (const [p, degrees, expected] of cases) expect(relativeError(studentTQuantile(p, degrees), expected)).toBeLessThan(1e-10);
  });

  it('gives SciPy upper tails for fractional, large and extreme arguments', () => {
    const cases: Array<[number, number, number]> = [
      [2.5, 4.5, 0.029952843251100272],
      [-6, 7.3, 0.9997691277610626],
      [1.96, 1000, 0.025136592477874368],
      [40, 3, 1.7190340394579253e-5],
      [0.3, 12345.6, 0.38209110325457063],
      [3, 2e6, 0.0013499146511160671],
    ];
    for (const [t, degrees, expected] of cases) expect(relativeError(studentTSurvival(t, degrees), expected)).toBeLessThan(1e-10);
  });

  it('quantile and distribution function invert each other; bad arguments give NaN', () => {
    // A dense grid: the start and the Newton path differ with every p, and each path must end at the root.
    const levels = [1e-9, 1e-4, 0.025, 0.975, 0.9999];
    for (let p = 0.0013; p < 1; p += 0.0137) levels.push(p);
    for (const degrees of [1, 1.7, 3, 9.9, 10, 30, 58, 4000, 39_999.5]) {
      for (const p of levels) {
        const t = studentTQuantile(p, degrees);
        expect(relativeError(p < 0.5 ? studentTCdf(t, degrees) : 1 - studentTSurvival(t, degrees), p)).toBeLessThan(1e-10);
      }
    }
    expect(studentTQuantile(0.5, 0)).toBeNaN();
    expect(studentTSurvival(1, -2)).toBeNaN();
  });
});
