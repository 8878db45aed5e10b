/**
 * Audience expressions: the three-valued evaluation of ../../_shared/tri-logic.ts (AUD-6..9, ruling 6), and
 * the audience ids an id expression names.
 */
import { MAX_DEPTH } from '../../_shared/tri-logic';

export { evaluateList, MAX_DEPTH, type Tri } from '../../_shared/tri-logic';

/** The audience ids named anywhere in an audience id expression, operators left out, in order, once each. */
export const flattenIds = (expression: readonly unknown[], into: string[] = [], depth = 0): string[] => {
  if (depth > MAX_DEPTH) return into;
  expression.forEach((item, index) => {
    if (Array.isArray(item)) flattenIds(item, into, depth + 1);
    else if (typeof item === 'string' && !(index === 0 && (item === 'and' || item === 'or' || item === 'not')) && !into.includes(item)) into.push(item);
  });
  return into;
};
