/**
 * The regular-expression guard of a fitted snippet (plugins/presets/fit.ts puts this module in place of
 * ./regex.ts at build time). Every pattern of a fitted snippet's data (page URL rules, `url_regex` tags,
 * audience and behaviour conditions) went through the full guard when the snippet was built, which refuses
 * a project with an unsafe one, and a fitted snippet refuses data from `load`: so at run time it keeps
 * the same API, the length limits and the input cut, without the automaton analysis (about 3 KB gzip).
 * A pattern a page hands over itself (an `evaluate` call with its own condition) is not analysed in a
 * fitted snippet; the whole preset analyses every pattern.
 */

// It stands in for ./regex.ts, so it imports nothing from it (that import would resolve to itself);
// tests/unit/architecture/fitted-parts.test.ts checks it mirrors that module's exports and limits.

/** Longest input a pattern is run against (as in ./regex.ts). */
export const MAX_REGEX_INPUT = 2048;
/** Longest pattern accepted (as in ./regex.ts). */
export const MAX_PATTERN = 1000;

/** Only the length limit: the data's patterns were checked when the snippet was built. */
export const unsafeReason = (pattern: string): string | undefined =>
  pattern.length > MAX_PATTERN ? `the pattern is longer than ${MAX_PATTERN} characters` : undefined;

const cache = new Map<string, RegExp | string>();

/** The compiled pattern, or the reason it cannot be used (a string). Cached; never throws. */
export const compile = (pattern: string, flags = ''): RegExp | string => {
  const key = `${flags}/${pattern}`;
  let found = cache.get(key);
  if (found === undefined) {
    const quoted = JSON.stringify(String(pattern).slice(0, 60));
    try {
      found = new RegExp(pattern, flags.replace(/[gy]/g, ''));
      const unsafe = unsafeReason(pattern);
      if (unsafe) found = `Unsafe regular expression ${quoted}: ${unsafe}`;
    } catch (error) {
      found = `Invalid regular expression ${quoted}: ${(error as Error).message}`;
    }
    if (cache.size > 500) cache.clear();
    cache.set(key, found);
  }
  return found;
};

/** The problem with a pattern (syntax or length), or undefined when it can be used. */
export const regexProblem = (pattern: unknown, flags = ''): string | undefined => {
  if (typeof pattern !== 'string') return `A regular expression must be a string, got ${typeof pattern}`;
  const compiled = compile(pattern, flags);
  return typeof compiled === 'string' ? compiled : undefined;
};

/** Whether `input` matches `pattern`: null when the pattern is invalid or too long. Input is capped. */
export const testRegex = (pattern: string, input: string, flags?: string): boolean | null => {
  const re = compile(pattern, flags);
  if (typeof re === 'string') return null;
  return re.test(input.length > MAX_REGEX_INPUT ? input.slice(0, MAX_REGEX_INPUT) : input);
};
