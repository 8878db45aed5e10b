/**
 * Regular expressions from project data, guarded against catastrophic backtracking: patterns with a
 * quantified group that itself contains a quantifier or an alternation (`(a+)+`, `(a|aa)*`, `(\w*)+`)
 * and backreferences are refused, and inputs are capped in length before matching. Compiled patterns are
 * cached, so the run-time path allocates nothing after the first use.
 */

/** Longest input a pattern is run against; longer inputs are cut (URLs, cookies, user agents fit). */
export const MAX_REGEX_INPUT = 2048;
/** Longest pattern accepted. */
export const MAX_PATTERN = 1000;

const cache = new Map<string, RegExp | string>();

/**
 * Why a pattern is unsafe: nested quantifiers, a quantified alternation or a backreference. Undefined
 * when it looks safe. A heuristic on the pattern text (no parser): it errs on the side of refusing.
 */
export const unsafeReason = (pattern: string): string | undefined => {
  if (pattern.length > MAX_PATTERN) return `the pattern is longer than ${MAX_PATTERN} characters`;
  if (/\\[1-9]|\\k</.test(pattern)) return 'backreferences are not allowed';
  // Stack of groups: whether each open group holds a quantifier or an alternation.
  const stack: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') stack.push(false);
    else if (ch === ')') {
      const risky = stack.pop();
      const next = pattern[i + 1];
      const quantified = next === '*' || next === '+' || (next === '{' && /^\{\d*,\d*\}|^\{\d{2,}\}/.test(pattern.slice(i + 1)));
      if (risky && quantified) return 'nested quantifiers can make matching take exponential time';
      if (risky && stack.length) stack[stack.length - 1] = true;
    } else if ((ch === '*' || ch === '+' || ch === '{' || ch === '|') && stack.length) stack[stack.length - 1] = true;
  }
  return undefined;
};

/** The problem with a pattern (syntax or safety), or undefined when it can be used. */
export const regexProblem = (pattern: unknown, flags = ''): string | undefined => {
  if (typeof pattern !== 'string') return `A regular expression must be a string, got ${typeof pattern}`;
  const compiled = compile(pattern, flags);
  return typeof compiled === 'string' ? compiled : undefined;
};

/** The compiled pattern, or the reason it cannot be used (a string). Cached; never throws. */
export const compile = (pattern: string, flags = ''): RegExp | string => {
  const key = `${flags}/${pattern}`;
  let found = cache.get(key);
  if (found === undefined) {
    const unsafe = unsafeReason(pattern);
    if (unsafe) found = `Unsafe regular expression ${JSON.stringify(pattern.slice(0, 60))}: ${unsafe}`;
    else {
      try {
        found = new RegExp(pattern, flags.replace(/[gy]/g, ''));
      } catch (error) {
        found = `Invalid regular expression ${JSON.stringify(pattern.slice(0, 60))}: ${(error as Error).message}`;
      }
    }
    if (cache.size > 500) cache.clear();
    cache.set(key, found);
  }
  return found;
};

/** Whether `input` matches `pattern`: null when the pattern is invalid or unsafe. Input is capped. */
export const testRegex = (pattern: string, input: string, flags?: string): boolean | null => {
  const re = compile(pattern, flags);
  if (typeof re === 'string') return null;
  return re.test(input.length > MAX_REGEX_INPUT ? input.slice(0, MAX_REGEX_INPUT) : input);
};
