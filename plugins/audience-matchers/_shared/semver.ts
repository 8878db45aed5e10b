/**
 * Version comparison for the `semver_*` matches, as Optimizely's audiences compare versions (so that an
 * audience moved from Optimizely keeps its visitors): up to three numeric parts, then an optional
 * pre-release (`-beta.1`) or build (`+001`) suffix, whichever delimiter comes first; no whitespace. Only
 * the parts the condition names are compared: a condition `2` equals `2.9.1`. A pre-release sorts below
 * its release. Anything malformed, on either side, is unknown (null).
 */

const DIGITS = /^\d+$/;

/** Where the suffix starts: the first `-` or `+` (-1: none). */
const suffixAt = (version: string): number => version.search(/[-+]/);

/** Whether the version's suffix is a pre-release (its first delimiter is `-`). */
const isPre = (version: string): boolean => version[suffixAt(version)] === '-';

/** The numeric parts, then the suffix as one more part; null when malformed. */
const partsOf = (version: string): string[] | null => {
  if (!version || /\s/.test(version)) return null;
  const at = suffixAt(version);
  const parts = (at < 0 ? version : version.slice(0, at)).split('.');
  if (parts.length > 3 || !parts.every((part) => DIGITS.test(part))) return null;
  const suffix = at < 0 ? '' : version.slice(at + 1);
  if (suffix) parts.push(suffix);
  return parts;
};

/** Whether `version` is a version the semver matches can compare (for the validator). */
export const isVersion = (version: unknown): version is string => typeof version === 'string' && partsOf(version) !== null;

/**
 * The visitor's `actual` version against the condition's `target`: 1 above, -1 below, 0 equal (over the
 * parts the target names), null when either is not a version string.
 */
export const compareVersions = (target: unknown, actual: unknown): number | null => {
  if (typeof target !== 'string' || typeof actual !== 'string') return null;
  const want = partsOf(target);
  const have = partsOf(actual);
  if (!want || !have) return null;
  const targetPre = isPre(target);
  const actualPre = isPre(actual);
  for (let i = 0; i < want.length; i++) {
    // The visitor's version ends first: below the target, above it when the target has a suffix (as Optimizely answers).
    if (have.length <= i) return suffixAt(target) >= 0 ? 1 : -1;
    const mine = have[i];
    const theirs = want[i];
    if (!DIGITS.test(mine)) {
      // The visitor's suffix against the target's part: text order, a pre-release below a release.
      if (mine < theirs) return targetPre && !actualPre ? 1 : -1;
      if (mine > theirs) return !targetPre && actualPre ? -1 : 1;
    } else {
      const a = parseInt(mine, 10);
      const b = parseInt(theirs, 10);
      if (a > b) return 1;
      if (a < b) return -1;
    }
  }
  return actualPre && !targetPre ? -1 : 0;
};
