/**
 * A seeded pseudo-random generator (mulberry32) for the fault tests: a failing run is repeated exactly
 * by giving its seed back. Seeds and lengths come from the environment so a longer run is one variable away.
 */

/** A generator of floats in [0, 1), with helpers. */
export interface Seeded {
  readonly seed: number;
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
}

/** Creates the generator for `seed`. */
export const seeded = (seed: number): Seeded => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { seed, next, int, pick: (items) => items[int(items.length)] };
};

/** A whole number from the environment, or the default. */
export const envNumber = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
