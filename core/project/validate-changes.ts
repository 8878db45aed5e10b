/** Structural checks of a list of changes (CHG-1..9, CHG-15/16, runtime-spec §5). */
import { attributeProblem, CLASS_KINDS, MSG_UNRECOGNIZED_ATTRIBUTE } from './attributes';
import { ATTRIBUTE_KINDS, CHANGE_TYPES, INSERTION_OPERATORS } from './types';
import { type Checker, type Obj, type Scope, checkOneOf, checkText, child, eachObject, isObject, isText, label, show, unique } from './validate-kit';

// Change types that edit elements found by a selector.
const NEEDS_SELECTOR: readonly unknown[] = ['attribute', 'append', 'rearrange'];

/**
 * Checks the changes of one action (or layer / experiment). Dependencies are resolved within
 * the same list, as the applier does: an absent id is a warning (CHG-16), a cycle an error (CHG-15).
 */
export function checkChanges(c: Checker, scope: Scope, list: unknown[], owner: string): void {
  const deps = new Map<string, string[]>();
  const seen = new Map<string, string>();
  for (const item of list) if (isObject(item) && isText(item.id)) deps.set(item.id, []);

  eachObject(c, scope, list, (change, index, path) => {
    const at: Scope = { entity: label('change', change, index, owner), path };
    if (isText(change.id)) unique(c, child(at, 'id'), change.id, 'change id', seen);
    else c.report(child(at, 'id'), `id is required (a non-empty string), got ${show(change.id)}`);
    checkType(c, at, change);
    checkText(c, at, change, 'selector', NEEDS_SELECTOR.includes(change.type));
    checkOneOf(c, at, change, 'operator', INSERTION_OPERATORS);
    if (change.src != null && (typeof change.src !== 'string' || change.src.includes('"'))) {
      c.report(child(at, 'src'), `A script URL containing a double quote is refused; src must be a URL string, got ${show(change.src)}`);
    }
    if (change.dependencies == null) return;
    if (!Array.isArray(change.dependencies)) return c.report(child(at, 'dependencies'), `dependencies must be a list of change ids, got ${show(change.dependencies)}`);
    change.dependencies.forEach((id, i) => {
      const dep = child(child(at, 'dependencies'), i);
      if (typeof id !== 'string') c.report(dep, `A dependency must be a change id, got ${show(id)}`);
      else if (!deps.has(id)) c.report(dep, `Change with id "${id}" is absent`, 'warning');
      else if (isText(change.id)) deps.get(change.id)?.push(id);
    });
  });
  reportCycles(c, scope, deps);
}

function checkType(c: Checker, at: Scope, change: Obj): void {
  const { type, value } = change;
  if (!isText(type)) return c.report(child(at, 'type'), `type is required, one of ${CHANGE_TYPES.join(', ')}`);
  // A change-applier plugin may handle a type of its own: an unknown type is not fatal here (the changes
  // plugin's rule makes it an error when no applier is registered), and a type whose applier is registered is not unknown.
  if (!(CHANGE_TYPES as readonly string[]).includes(type) && !c.hasApplier(type)) c.report(child(at, 'type'), `Unrecognized change type "${type}"`, 'warning');
  if (type === 'custom_code' && typeof value !== 'function') {
    c.report(child(at, 'value'), `Custom code must be a function, got ${show(value)}`);
  }
  if (type === 'append' && !(typeof value === 'function' || isText(value))) {
    c.report(child(at, 'value'), `No DOM elements to be created for this change: value must be non-empty HTML, got ${show(value)}`);
  }
  if (type === 'widget') checkText(c, at, change, 'widget_id', true);
  if (change.config != null && !isObject(change.config)) c.report(child(at, 'config'), `config must be an object, got ${show(change.config)}`);
  if (change.css != null && !isObject(change.css)) c.report(child(at, 'css'), `css must be an object of style properties, got ${show(change.css)}`);
  if (type === 'attribute' && !isObject(change.attributes) && !isObject(change.css)) {
    c.report(child(at, 'attributes'), 'An attribute change needs attributes (or css) to set');
  }
  if (change.attributes == null) return;
  if (!isObject(change.attributes)) return c.report(child(at, 'attributes'), `attributes must be an object, got ${show(change.attributes)}`);
  // CHG-4, CHG-5: the spec's kinds, the class-list kinds, or any attribute by name, never on* nor javascript:.
  for (const [kind, value] of Object.entries(change.attributes)) {
    const where = child(child(at, 'attributes'), kind);
    const problem = attributeProblem(kind, value);
    if (problem === MSG_UNRECOGNIZED_ATTRIBUTE) {
      c.report(where, `${problem} "${kind}" (expected one of ${ATTRIBUTE_KINDS.join(', ')}, ${CLASS_KINDS.join(', ')} or an attribute name)`);
    } else if (problem) c.report(where, `${problem}: ${kind} ${show(value)}`);
    else if (!(value == null || typeof value === 'string' || typeof value === 'boolean')) {
      c.report(where, `An attribute takes text, true or false (null or false removes it), got ${show(value)}`);
    } else if ((CLASS_KINDS as readonly string[]).includes(kind) && typeof value !== 'string') {
      c.report(where, `${kind} takes space-separated class names, got ${show(value)}`);
    }
  }
}

/** Depth-first search over the dependency graph, reporting each cycle found once. */
function reportCycles(c: Checker, scope: Scope, deps: Map<string, string[]>): void {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, trail: string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'open') {
      const cycle = [...trail.slice(trail.indexOf(id)), id];
      return c.report(scope, `Circular dependencies in changes: ${cycle.join(' -> ')}`);
    }
    state.set(id, 'open');
    for (const next of deps.get(id) ?? []) visit(next, [...trail, id]);
    state.set(id, 'done');
  };
  for (const id of deps.keys()) visit(id, []);
}
