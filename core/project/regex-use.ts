/**
 * Using regular expressions from project data, shared by the full guard (./regex.ts) and the fitted
 * snippets' stand-in (./regex-checked.ts): the limits, a cache of compiled patterns (or why one cannot be
 * used), and matching with the input cut. Each passes its own `unsafeReason`.
 */

/** Longest input a pattern is run against; longer inputs are cut (URLs, cookies, user agents fit). */
export const MAX_REGEX_INPUT = 2048;
/** Longest pattern accepted. */
export const MAX_PATTERN = 1000;

/** Compiling and running patterns around a guard's `unsafeReason` (see {@link regexUse}). */
export const regexRun = (unsafeReason: (pattern: string, flags: string) => string | undefined) => {
  const cache = new Map<string, RegExp | string>();

  /** The compiled pattern, or the reason it cannot be used (a string). Cached; never throws. */
  const compile = (pattern: string, flags = ''): RegExp | string => {
    const key = `${flags}/${pattern}`;
    let found = cache.get(key);
    if (found === undefined) {
      const quoted = JSON.stringify(String(pattern).slice(0, 60));
      try {
        found = new RegExp(pattern, flags.replace(/[gy]/g, ''));
        const unsafe = unsafeReason(pattern, flags);
        if (unsafe) found = `Unsafe regular expression ${quoted}: ${unsafe}`;
      } catch (error) {
        found = `Invalid regular expression ${quoted}: ${(error as Error).message}`;
      }
      if (cache.size > 500) cache.clear();
      cache.set(key, found);
    }
    return found;
  };

  /** Whether `input` matches `pattern`: null when the pattern cannot be used. Input is capped. */
  const testRegex = (pattern: string, input: string, flags?: string): boolean | null => {
    const re = compile(pattern, flags);
    if (typeof re === 'string') return null;
    return re.test(input.slice(0, MAX_REGEX_INPUT));
  };

  return { compile, testRegex };
};

/**
 * The validators' question about a pattern, over a guard's `compile`: apart from {@link regexRun} so a
 * fitted snippet, which never validates, builds it only when something asks (./regex-checked.ts).
 */
export const regexProblemOf =
  (compile: (pattern: string, flags?: string) => RegExp | string) =>
  /** The problem with a pattern (syntax, length or safety), or undefined when it can be used. */
  (pattern: unknown, flags = ''): string | undefined => {
    if (typeof pattern !== 'string') return `A regular expression must be a string, got ${typeof pattern}`;
    const compiled = compile(pattern, flags);
    return typeof compiled === 'string' ? compiled : undefined;
  };

/** The functions a guard offers, built around its `unsafeReason`. */
export const regexUse = (unsafeReason: (pattern: string, flags: string) => string | undefined) => {
  const run = regexRun(unsafeReason);
  return { ...run, regexProblem: regexProblemOf(run.compile) };
};
