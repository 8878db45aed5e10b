/**
 * Page conditions: and/or/not lists over condition leaves with three-valued logic (ruling 6): true,
 * false, or null when a leaf cannot tell. The lists are evaluated as audience conditions are
 * (../../_shared/tri-logic.ts).
 */
import { evaluateList, type Tri } from '../../_shared/tri-logic';

export type { Tri };

/**
 * Evaluates a condition expression. A list opened by `and`, `or` or `not` applies it to the rest; a
 * list without an operator is `or` over all its items; `not` takes its first operand; anything that
 * is not a list is a leaf, given to `leaf`. Lists nested deeper than the audiences' limit are unknown.
 */
export const evaluateConditions = (expression: unknown, leaf: (condition: unknown) => Tri): Tri =>
  Array.isArray(expression) ? evaluateList(expression, leaf) : leaf(expression);
