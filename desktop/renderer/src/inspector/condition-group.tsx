/**
 * An and/or/not condition list as a nested group editor, shared by audiences (conditions over the
 * runtime's matchers) and views (URL rules). The stored shape is the runtime's: a list optionally
 * opened by `and`/`or`/`not` whose operands are conditions or nested lists (a bare list means or).
 */
import type { ReactNode } from 'react';
import { Icon } from '../shell/icons';
import { Select } from './fields';

type Obj = Record<string, unknown>;
/** An operator of a group. */
export type Operator = 'and' | 'or' | 'not';
/** A parsed group: its operator and its items (conditions or groups). */
export interface Group {
  op: Operator;
  items: Array<Obj | Group>;
  /** Stored as a bare list (no operator first), so its items' stored indices start at 0. */
  bare?: boolean;
}

const OPERATORS = ['and', 'or', 'not'];

/** Whether an item is a nested group. */
export const isGroup = (item: Obj | Group): item is Group => Array.isArray((item as Group).items) && typeof (item as Group).op === 'string';

/** Parses a stored list into a group (a bare list is `or`). */
export function parseGroup(value: unknown): Group {
  const list = Array.isArray(value) ? value : [];
  const hasOp = typeof list[0] === 'string' && OPERATORS.includes(list[0]);
  const items = (hasOp ? list.slice(1) : list).map((item) => (Array.isArray(item) ? parseGroup(item) : (item as Obj)));
  return hasOp ? { op: list[0] as Operator, items } : { op: 'or', items, bare: true };
}

/** Writes a group back to the stored shape. */
export function serializeGroup(group: Group): unknown[] {
  return [group.op, ...group.items.map((item) => (isGroup(item) ? serializeGroup(item) : item))];
}

/** Evaluates a group three-valued: a leaf's `test` may answer null (cannot tell). */
export function evaluateGroup(group: Group, test: (leaf: Obj) => boolean | null): boolean | null {
  const results = group.items.map((item) => (isGroup(item) ? evaluateGroup(item, test) : test(item)));
  if (group.op === 'not') {
    const any = results.some((result) => result === true) ? true : results.some((result) => result === null) ? null : false;
    return any === null ? null : !any;
  }
  if (group.op === 'and') return results.some((result) => result === false) ? false : results.some((result) => result === null) ? null : true;
  return results.some((result) => result === true) ? true : results.some((result) => result === null) ? null : results.length ? false : true;
}

const OPERATOR_LABELS = [
  { value: 'and', label: 'All of' },
  { value: 'or', label: 'Any of' },
  { value: 'not', label: 'None of' },
];

/** Props of {@link GroupEditor}. */
export interface GroupEditorProps {
  group: Group;
  onChange(group: Group, label: string): void;
  /** Renders one condition's fields; `path` is where the condition is stored (`staticConditions[2]`). */
  renderLeaf(leaf: Obj, onChange: (leaf: Obj, label: string) => void, path: string): ReactNode;
  /** Where the group is stored in its entity (`staticConditions`), for the paths of its conditions. */
  path?: string;
  /** A new condition. */
  newLeaf(): Obj;
  /** What a condition is called in buttons ("condition", "URL rule"). */
  leafName: string;
  depth?: number;
}

/** Edits a group: operator, items, add condition, add nested group, remove. */
export function GroupEditor({ group, onChange, renderLeaf, newLeaf, leafName, depth = 0, path = '' }: GroupEditorProps) {
  // A stored list opens with its operator, so its items sit one place further on (parseGroup marks bare lists).
  const itemPath = (index: number) => `${path}[${index + (group.bare ? 0 : 1)}]`;
  const replace = (index: number, item: Obj | Group | undefined, label: string) => {
    const items = group.items.slice();
    if (item === undefined) items.splice(index, 1);
    else items[index] = item;
    onChange({ ...group, items }, label);
  };
  return (
    <div className={`group group--depth-${Math.min(depth, 3)}`}>
      <div className="group__head">
        <Select label="Group operator" value={group.op} options={OPERATOR_LABELS} onChange={(op) => onChange({ ...group, op: op as Operator }, `Match ${OPERATOR_LABELS.find((o) => o.value === op)?.label.toLowerCase()}`)} />
        <span className="group__hint">{group.items.length === 0 ? 'no conditions: matches everyone' : `${group.items.length} item${group.items.length > 1 ? 's' : ''}`}</span>
      </div>
      <ul className="group__items">
        {group.items.map((item, index) => (
          <li key={index} className="group__item">
            <div className="group__item-body">
              {isGroup(item) ? (
                <GroupEditor group={item} onChange={(next, label) => replace(index, next, label)} renderLeaf={renderLeaf} newLeaf={newLeaf} leafName={leafName} depth={depth + 1} path={itemPath(index)} />
              ) : (
                renderLeaf(item, (next, label) => replace(index, next, label), itemPath(index))
              )}
            </div>
            <button type="button" className="icon-button icon-button--danger" aria-label={`Remove ${isGroup(item) ? 'group' : leafName}`} title="Remove" onClick={() => replace(index, undefined, `Remove ${isGroup(item) ? 'group' : leafName}`)}>
              <Icon name="close" size={14} />
            </button>
          </li>
        ))}
      </ul>
      <div className="group__add">
        <button type="button" className="button button--small" onClick={() => onChange({ ...group, items: [...group.items, newLeaf()] }, `Add ${leafName}`)}>
          <Icon name="plus" size={13} /> {leafName}
        </button>
        {depth < 3 ? (
          <button type="button" className="button button--small button--ghost" onClick={() => onChange({ ...group, items: [...group.items, { op: group.op === 'and' ? 'or' : 'and', items: [newLeaf()] }] }, 'Add group')}>
            <Icon name="plus" size={13} /> group
          </button>
        ) : null}
      </div>
    </div>
  );
}
