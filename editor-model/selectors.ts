/**
 * Selectors a browser would refuse (issue 36): a change, an insertion point or a click event whose
 * selector is not valid CSS does nothing on the page (the runtime logs an ActionError), so review and
 * publish refuse it, naming the selector and the reason in words. The editor's selector fields use the
 * same rule as they are typed (with the browser's own parser beside it), so a field, save and review agree.
 */
import { parse } from 'css-what';
import type { ValidationProblem } from '../core/project';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);
/** Calls `fn` with each object of a list and its index in the list (other entries skipped, not counted out). */
const each = (value: unknown, fn: (item: Obj, index: number) => void): void => {
  if (Array.isArray(value)) value.forEach((item, index) => isObj(item) && fn(item, index));
};

/** The first name marker (`.` or `#`) with no name after it, and where it is. */
const bareMarker = (selector: string): { marker: string; at: number } | undefined => {
  const found = /(^|[^\\])([.#])(?=$|[\s.#>+~,[\]():])/.exec(selector);
  return found ? { marker: found[2], at: found.index + found[1].length + 1 } : undefined;
};

/**
 * The parser's complaint in words a staff member can act on: what is wrong and where. The parser
 * (css-what) is terse ("Expected name, found "), so the common mistakes are named here.
 */
function explain(selector: string, message: string): string {
  const bare = bareMarker(selector);
  if (/^Expected name/.test(message) && bare) {
    return `"${bare.marker}" at character ${bare.at} is not followed by ${bare.marker === '.' ? 'a class' : 'an id'} name`;
  }
  const count = (char: string) => selector.split(char).length - 1;
  if (/Attribute selector didn't terminate/.test(message) || count('[') > count(']')) return `a "[" is never closed with "]"`;
  if (/Parenthesis not matched/.test(message) || count('(') > count(')')) return `a "(" is never closed with ")"`;
  if (/successive traversals/.test(message)) return 'two combinators (">", "+", "~") follow each other with no element between them';
  if (/Empty sub-selector/.test(message)) return 'a comma has no selector on one side';
  const unmatched = /^Unmatched selector: (.+)$/.exec(message);
  if (unmatched) return `"${unmatched[1].trim()}" does not belong there`;
  const reason = message.trim().replace(/\.$/, '');
  return reason.charAt(0).toLowerCase() + reason.slice(1);
}

/** Why `selector` is not valid CSS, as a phrase (what is wrong and where); undefined when it is. */
export function selectorReason(selector: string): string | undefined {
  if (!selector.trim()) return 'it is empty';
  try {
    parse(selector);
    return undefined;
  } catch (error) {
    return explain(selector, (error as Error).message);
  }
}

/** The problem of one selector field, if it has one. */
const problemOf = (value: unknown, entity: string, path: string): ValidationProblem | undefined => {
  if (typeof value !== 'string') return undefined;
  const reason = selectorReason(value);
  return reason
    ? { entity, path, severity: 'error', message: `The selector ${JSON.stringify(value)} is not valid CSS (${reason}): a browser would refuse it and the change would do nothing.` }
    : undefined;
};

/** Every selector of the project's changes and click events that is not valid CSS, with its path. */
export function selectorProblems(data: Obj): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const add = (problem: ValidationProblem | undefined) => problem && problems.push(problem);
  each(data.layers, (layer, l) =>
    each(layer.experiments, (experiment, e) =>
      each(experiment.variations, (variation, v) =>
        each(variation.actions, (action, a) =>
          each(action.changes, (change, c) => {
            const at = `layers[${l}].experiments[${e}].variations[${v}].actions[${a}].changes[${c}]`;
            const entity = `change "${String(change.id ?? c)}" of variation "${String(variation.id ?? v)}"`;
            add(problemOf(change.selector, entity, `${at}.selector`));
            add(problemOf(change.insertSelector, entity, `${at}.insertSelector`));
          }),
        ),
      ),
    ),
  );
  each(data.events, (event, index) => {
    const entity = `event "${String(event.id ?? index)}"`;
    if (isObj(event.eventFilter)) add(problemOf(event.eventFilter.selector, entity, `events[${index}].eventFilter.selector`));
    if (isObj(event.config)) add(problemOf(event.config.selector, entity, `events[${index}].config.selector`));
  });
  return problems;
}
