/**
 * Page conditions: and/or/not lists over condition leaves with three-valued logic (ruling 6): true,
 * false, or null when a leaf cannot tell.
 */
import { LOGICAL_OPERATORS } from '../../../core/project/types';

/** true, false, or null (unknown). */
export type Tri = boolean | null;

/**
 * Evaluates a condition expression. A list opened by `and`, `or` or `not` applies it to the rest; a
 * list without an operator is `or` over all its items; `not` takes its first operand; anything that
 * is not a list is a leaf, given to `leaf`.
 */
export const evaluateConditions = (expression: unknown, leaf: (condition: unknown) => Tri): Tri => {
  if (!Array.isArray(expression)) return leaf(expression);
  const hasOperator = (LOGICAL_OPERATORS as readonly unknown[]).includes(expression[0]);
  const operator = hasOperator ? expression[0] : 'or';
  const operands = hasOperator ? expression.slice(1) : expression;
  if (operator === 'not') {
    const value = operands.length ? evaluateConditions(operands[0], leaf) : null;
    return value === null ? null : !value;
  }
  // Short-circuit: a deciding operand ends the evaluation; unknowns only count when nothing decides.
  const decisive = operator === 'and' ? false : true;
  let unknown = false;
  for (const operand of operands) {
    const value = evaluateConditions(operand, leaf);
    if (value === decisive) return decisive;
    if (value === null) unknown = true;
  }
  return unknown ? null : !decisive;
};
