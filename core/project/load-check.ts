/**
 * The most values data handed over by `load` may hold, every value counted each time it is reached (a
 * value shared by two fields counts twice): every later walk over the data (the parts it names, the
 * validators) then costs at most this many steps. The homepage project, the largest here, holds 1,844; 50,000 are walked in about 15 ms on a loaded 2-core machine.
 */
export const LOAD_VALUE_BUDGET = 50_000;

/** Deeper than this, data is refused: no project nests that far, and the walks must not run out of stack. */
const LOAD_DEPTH = 100;

/** Logged when `load` data is refused before any walk: the reason follows, and the snippet's own project runs. */
export const MSG_LOAD_REFUSED = 'Load refused, the built-in project runs:';

/** A plain object (an object literal, or made without a prototype) or an array: the only values JSON data holds. */
export const isPlain = (value: unknown): value is object => {
  if (!value || typeof value != 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Array.isArray(value);
};

/**
 * Why `input` cannot be project data, or undefined when it can: not a plain object (a number, a DOM node,
 * the window), a value inside itself, nested too deep, more than {@link LOAD_VALUE_BUDGET} values, or a
 * getter or Proxy that throws. Linear: the walk stops at the budget whatever the data's shape, so cyclic
 * and deeply shared data is refused within milliseconds. Never throws.
 */
export const loadProblem = (input: unknown): string | undefined => {
  if (!isPlain(input) || Array.isArray(input)) return `${MSG_LOAD_REFUSED} not a plain object`;
  const open = new Set<object>();
  let count = 0;
  const walk = (value: unknown, depth: number): string | undefined => {
    if (++count > LOAD_VALUE_BUDGET) return `more than ${LOAD_VALUE_BUDGET} values`;
    if (!value || typeof value != 'object') return;
    if (open.has(value)) return 'it holds itself';
    if (depth > LOAD_DEPTH) return `nested more than ${LOAD_DEPTH} levels`;
    // Any other object (a DOM node, a Map) is not walked: the validators refuse it where it stands.
    if (!isPlain(value)) return;
    open.add(value);
    // An array by its length, so a huge sparse one stops at the budget rather than listing its keys.
    const keys = Array.isArray(value) ? value : Object.keys(value);
    for (let i = 0; i < keys.length; i++) {
      const problem = walk(keys === value ? keys[i] : (value as Record<string, unknown>)[keys[i] as string], depth + 1);
      if (problem) return problem;
    }
    open.delete(value);
  };
  try {
    const problem = walk(input, 0);
    return problem && `${MSG_LOAD_REFUSED} ${problem}`;
  } catch {
    return `${MSG_LOAD_REFUSED} unreadable`;
  }
};
