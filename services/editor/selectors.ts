/**
 * Selectors a browser would refuse (issue 36): a change, an insertion point or a click event whose
 * selector is not valid CSS does nothing on the page (the runtime logs an ActionError), so review and
 * publish refuse it, naming the selector and the parser's reason. The editor's fields check them with
 * the browser's own parser as they are typed; this is the same rule where no browser runs.
 */
import { parse } from 'css-what';
import type { ValidationProblem } from '../../core/project';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObj) : []);

/** Why `selector` is not valid CSS, as a sentence; undefined when it is. */
export function selectorReason(selector: string): string | undefined {
  if (!selector.trim()) return 'it is empty';
  try {
    parse(selector);
    return undefined;
  } catch (error) {
    const reason = (error as Error).message.trim().replace(/[.:]?\s*$/, '');
    return reason.charAt(0).toLowerCase() + reason.slice(1);
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
  list(data.layers).forEach((layer, l) =>
    list(layer.experiments).forEach((experiment, e) =>
      list(experiment.variations).forEach((variation, v) =>
        list(variation.actions).forEach((action, a) =>
          list(action.changes).forEach((change, c) => {
            const at = `layers[${l}].experiments[${e}].variations[${v}].actions[${a}].changes[${c}]`;
            const entity = `change "${String(change.id ?? c)}" of variation "${String(variation.id ?? v)}"`;
            add(problemOf(change.selector, entity, `${at}.selector`));
            add(problemOf(change.insertSelector, entity, `${at}.insertSelector`));
          }),
        ),
      ),
    ),
  );
  list(data.events).forEach((event, index) => {
    const entity = `event "${String(event.id ?? index)}"`;
    if (isObj(event.eventFilter)) add(problemOf(event.eventFilter.selector, entity, `events[${index}].eventFilter.selector`));
    if (isObj(event.config)) add(problemOf(event.config.selector, entity, `events[${index}].config.selector`));
  });
  return problems;
}
