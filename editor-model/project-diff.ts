/**
 * Entity-by-entity, field-by-field difference of two versions of project data (EDT-10, EDT-12):
 * what was added, removed or changed, each changed field with its value before and after and the
 * format the editor shows it in (code, HTML, CSS and JSON go to Monaco's diff editor).
 *
 * Works on decoded data with functions as `{ $fn: source }` (see project-codec.ts). Pure.
 */
import { isEncodedFunction } from './project-schema';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

/** Entity kinds the diff reports, singular, as the tree names them. */
export type EntityKind =
  | 'project' | 'layer' | 'experiment' | 'variation' | 'action' | 'change' | 'audience' | 'page' | 'event' | 'dimension' | 'visitorAttribute';

/** The tree's words for the kinds whose data name differs (a layer is a campaign, a page a view). */
const KIND_WORDS: Partial<Record<EntityKind, string>> = { layer: 'campaign', page: 'view', visitorAttribute: 'visitor attribute' };

/** What a change is, as the change forms call it ("Text change", "Insert HTML change"). */
function changeWords(change: Obj): string {
  const attributes = isObj(change.attributes) ? Object.keys(change.attributes) : [];
  const byAttribute: Record<string, string> = { text: 'Text', html: 'HTML', style: 'Style', class: 'Class', addClass: 'Class', removeClass: 'Class', hide: 'Hide', remove: 'Remove' };
  const byType: Record<string, string> = { append: 'Insert HTML', rearrange: 'Move', redirect: 'Redirect', custom_code: 'Custom code', widget: 'Widget' };
  const word = change.type === 'attribute' ? (attributes.map((name) => byAttribute[name]).find(Boolean) ?? 'Attributes') : byType[String(change.type)];
  return word ? `${word} change` : 'change';
}

/** How a value is best shown: `code`, `html`, `css` and `json` in Monaco's diff editor, `text` inline. */
export type ValueFormat = 'code' | 'html' | 'css' | 'json' | 'text';

/** One changed field. */
export interface FieldDiff {
  field: string;
  before: unknown;
  after: unknown;
  format: ValueFormat;
}

/** One entity that differs. */
export interface EntityDiff {
  /** Stable key: kind and id, prefixed by the parent's key for actions and changes. */
  key: string;
  kind: EntityKind;
  /** The entity's id (or position, for an action without one). */
  id: string;
  /** Readable label: kind, name or id, and where it is. */
  label: string;
  status: 'added' | 'removed' | 'changed';
  /** Changed fields (for added and removed entities: every field, one side undefined). */
  fields: FieldDiff[];
}

interface FlatEntity {
  kind: EntityKind;
  id: string;
  label: string;
  fields: Obj;
}

const CHILD_LISTS = ['layers', 'experiments', 'variations', 'actions', 'changes', 'changeSet', 'audiences', 'pages', 'events', 'dimensions', 'visitorAttributes'];

const ownFields = (entity: Obj): Obj =>
  Object.fromEntries(Object.entries(entity).filter(([key, value]) => !(CHILD_LISTS.includes(key) && Array.isArray(value))));

/** Flattens project data into entities keyed by a stable key. */
export function flattenProject(data: Obj): Map<string, FlatEntity> {
  const out = new Map<string, FlatEntity>();
  const put = (key: string, kind: EntityKind, entity: Obj, fallbackId: string, where = '') => {
    const id = typeof entity.id === 'string' ? entity.id : fallbackId;
    const name = typeof entity.name === 'string' && entity.name ? `"${entity.name}"` : typeof entity.apiName === 'string' ? `"${entity.apiName}"` : id;
    out.set(key, { kind, id, label: `${kind === 'change' ? changeWords(entity) : KIND_WORDS[kind] ?? kind} ${name}${where}`, fields: ownFields(entity) });
  };
  const list = (owner: Obj, key: string): Obj[] => (Array.isArray(owner[key]) ? (owner[key] as unknown[]).filter(isObj) : []);
  put('project', 'project', data, String(data.projectId ?? 'project'));
  const changes = (owner: Obj, ownerKey: string, ownerLabel: string) => {
    for (const listKey of ['changes', 'changeSet']) {
      list(owner, listKey).forEach((change, index) => {
        const id = typeof change.id === 'string' ? change.id : `#${index + 1}`;
        put(`${ownerKey}/change:${id}`, 'change', change, id, ` in ${ownerLabel}`);
      });
    }
  };
  for (const layer of list(data, 'layers')) {
    const layerKey = `layer:${layer.id}`;
    put(layerKey, 'layer', layer, String(layer.id));
    changes(layer, layerKey, `layer ${layer.id}`);
    for (const experiment of list(layer, 'experiments')) {
      const experimentKey = `experiment:${experiment.id}`;
      put(experimentKey, 'experiment', experiment, String(experiment.id), ` in layer ${layer.id}`);
      changes(experiment, experimentKey, `experiment ${experiment.id}`);
      for (const variation of list(experiment, 'variations')) {
        const variationKey = `variation:${variation.id}`;
        put(variationKey, 'variation', variation, String(variation.id), ` in experiment ${experiment.id}`);
        list(variation, 'actions').forEach((action, index) => {
          const id = typeof action.id === 'string' ? action.id : `#${index + 1}`;
          const actionKey = `${variationKey}/action:${id}`;
          put(actionKey, 'action', action, id, ` in variation ${variation.id}`);
          changes(action, actionKey, `variation ${variation.id}`);
        });
      }
    }
  }
  const kinds: Array<[string, EntityKind]> = [
    ['audiences', 'audience'], ['pages', 'page'], ['events', 'event'], ['dimensions', 'dimension'], ['visitorAttributes', 'visitorAttribute'],
  ];
  for (const [key, kind] of kinds) list(data, key).forEach((entity, index) => put(`${kind}:${entity.id ?? index}`, kind, entity, String(entity.id ?? index)));
  return out;
}

/** JSON with sorted keys, so equal values compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isObj(value)) {
    return `{${Object.keys(value).sort().filter((key) => value[key] !== undefined).map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** The format a field's value is shown in. */
export function formatOf(field: string, before: unknown, after: unknown, entity?: Obj): ValueFormat {
  const value = after ?? before;
  if (isEncodedFunction(value)) return 'code';
  if (field === 'css') return 'css';
  if (typeof value === 'string') {
    if (field === 'value' && (entity?.type === 'append' || /^\s*</.test(value))) return 'html';
    return value.includes('\n') ? 'json' : 'text';
  }
  if (isObj(value) || Array.isArray(value)) return 'json';
  return 'text';
}

/** The text a value shows as in a diff editor: function source, HTML, or indented JSON. */
export function valueText(value: unknown): string {
  if (value === undefined) return '';
  if (isEncodedFunction(value)) return value.$fn;
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

/** Differences from `before` to `after`, in the order of `after` (removed entities last). */
export function diffProjects(before: Obj, after: Obj): EntityDiff[] {
  const left = flattenProject(before);
  const right = flattenProject(after);
  const out: EntityDiff[] = [];
  const fieldsBetween = (a: Obj, b: Obj): FieldDiff[] => {
    const names = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return names
      .filter((field) => stableJson(a[field]) !== stableJson(b[field]))
      .map((field) => ({ field, before: a[field], after: b[field], format: formatOf(field, a[field], b[field], { ...a, ...b }) }));
  };
  for (const [key, entity] of right) {
    const old = left.get(key);
    if (!old) out.push({ key, kind: entity.kind, id: entity.id, label: entity.label, status: 'added', fields: fieldsBetween({}, entity.fields) });
    else {
      // The revision number changes with every publish; it is not an edit anyone made.
      const fields = fieldsBetween(old.fields, entity.fields).filter((field) => !(entity.kind === 'project' && field.field === 'revision'));
      if (fields.length) out.push({ key, kind: entity.kind, id: entity.id, label: entity.label, status: 'changed', fields });
    }
  }
  for (const [key, entity] of left) {
    if (!right.has(key)) out.push({ key, kind: entity.kind, id: entity.id, label: entity.label, status: 'removed', fields: fieldsBetween(entity.fields, {}) });
  }
  return out;
}
