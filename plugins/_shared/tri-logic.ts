/**
 * Three-valued and/or/not evaluation (AUD-6..9, ruling 6), shared by audience conditions and page
 * conditions. Unknown is null (undefined from a leaf is taken as unknown too). A list whose first item is
 * not an operator string is `or` over all its items; `not` takes its first operand only; `and` of nothing
 * is true, `or` of nothing false. Allocation-free.
 */

/** true, false, or null for unknown. */
export type Tri = boolean | null;

// Guards against self-referencing or absurdly deep expressions (the validator reports them).
export const MAX_DEPTH = 32;

/** Evaluates `list`; `leaf` evaluates each operand that is not a list. Never throws by itself. */
export const evaluateList = (list: readonly unknown[], leaf: (item: unknown) => Tri | undefined, depth = 0): Tri => {
  if (depth > MAX_DEPTH) return null;
  const first = list[0];
  const op = first === 'and' || first === 'not' ? first : 'or';
  let i = first === op ? 1 : 0;
  if (op === 'not') {
    if (list.length < 2) return null;
    const operand = list[1];
    const result = Array.isArray(operand) ? evaluateList(operand, leaf, depth + 1) : leaf(operand);
    return result == null ? null : !result;
  }
  // `or` stops at the first true, `and` at the first false.
  const stop = op === 'or';
  let unknown = false;
  for (; i < list.length; i++) {
    const item = list[i];
    const result = Array.isArray(item) ? evaluateList(item, leaf, depth + 1) : leaf(item);
    if (result == null) unknown = true;
    else if (result === stop) return stop;
  }
  return unknown ? null : !stop;
};
