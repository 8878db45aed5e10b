/**
 * EDT-10, EDT-12: what review and history show of a difference: each entity's key and label (the
 * tree's words: a layer is a campaign, a change is named by what it does), which fields count as the
 * entity's own, and the format each value is shown in (Monaco's diff editor for code, HTML, CSS, JSON).
 */
import { describe, expect, it } from 'vitest';
import { diffProjects, flattenProject, formatOf, stableJson, valueText } from '../../../editor-model/project-diff';

const labels = (data: Record<string, unknown>) => Object.fromEntries([...flattenProject(data)].map(([key, entity]) => [key, entity.label]));

describe('labels and keys', () => {
  it('EDT-10 every kind is named as the tree names it, with its name, else its API name, else its id, and where it is', () => {
    const data = {
      projectId: 'shop',
      layers: [{
        id: 'L1', name: 'Hero tests',
        experiments: [{ id: 'E1', name: '', apiName: 'hero_copy', variations: [{ id: 'V1', actions: [{ id: 'act', pageId: 'home' }] }] }],
      }],
      audiences: [{ id: 'aud', name: 'Returning' }],
      pages: [{ id: 'home', apiName: 'homepage' }],
      events: [{ id: 'ev' }],
      dimensions: [{ id: 'dim', name: 'Plan' }],
      visitorAttributes: [{ id: 'va', name: 'Tier' }],
    };
    expect(labels(data)).toEqual({
      project: 'project shop',
      'layer:L1': 'campaign "Hero tests"',
      'experiment:E1': 'experiment "hero_copy" in layer L1',
      'variation:V1': 'variation V1 in experiment E1',
      'variation:V1/action:act': 'action act in variation V1',
      'audience:aud': 'audience "Returning"',
      'page:home': 'view "homepage"',
      'event:ev': 'event ev',
      'dimension:dim': 'dimension "Plan"',
      'visitorAttribute:va': 'visitor attribute "Tier"',
    });
  });

  it('EDT-10 a project without an id is "project"; actions and changes without ids are numbered from one', () => {
    const data = {
      layers: [{
        id: 'L',
        changes: [{ type: 'custom_code' }, { id: 'named', type: 'redirect' }],
        experiments: [{ id: 'E', changeSet: [{ type: 'widget' }], variations: [{ id: 'V', actions: [{ pageId: 'a' }, { pageId: 'b', changes: [{ type: 'append' }] }] }] }],
      }],
      audiences: [{ name: 'no id' }, { name: 'also none' }],
    };
    expect(labels(data)).toEqual({
      project: 'project project',
      'layer:L': 'campaign L',
      'layer:L/change:#1': 'Custom code change #1 in layer L',
      'layer:L/change:named': 'Redirect change named in layer L',
      'experiment:E': 'experiment E in layer L',
      'experiment:E/change:#1': 'Widget change #1 in experiment E',
      'variation:V': 'variation V in experiment E',
      'variation:V/action:#1': 'action #1 in variation V',
      'variation:V/action:#2': 'action #2 in variation V',
      'variation:V/action:#2/change:#1': 'Insert HTML change #1 in variation V',
      'audience:0': 'audience "no id"',
      'audience:1': 'audience "also none"',
    });
  });

  it('EDT-10 a name that is not text is not shown; an id that is not text is shown as written', () => {
    expect(labels({ audiences: [{ id: 'a', name: 5 }, { id: 7 }, { id: 'b', name: 5, apiName: 'api_b' }] })).toEqual({
      project: 'project project',
      'audience:a': 'audience a',
      'audience:7': 'audience 7',
      'audience:b': 'audience "api_b"',
    });
  });

  it('EDT-10 a change is named by what it does, as the change forms call it', () => {
    const change = (fields: Record<string, unknown>) => labels({ layers: [{ id: 'L', changes: [{ id: 'c', ...fields }] }] })['layer:L/change:c'];
    const words = (fields: Record<string, unknown>) => change(fields).replace(/ c in layer L$/, '');
    expect(words({ type: 'attribute', attributes: { text: 'Hi' } })).toBe('Text change');
    expect(words({ type: 'attribute', attributes: { html: '<b>' } })).toBe('HTML change');
    expect(words({ type: 'attribute', attributes: { style: 'color:red' } })).toBe('Style change');
    expect(words({ type: 'attribute', attributes: { class: 'x' } })).toBe('Class change');
    expect(words({ type: 'attribute', attributes: { addClass: 'x' } })).toBe('Class change');
    expect(words({ type: 'attribute', attributes: { removeClass: 'x' } })).toBe('Class change');
    expect(words({ type: 'attribute', attributes: { hide: true } })).toBe('Hide change');
    expect(words({ type: 'attribute', attributes: { remove: true } })).toBe('Remove change');
    // The first attribute with a name of its own names the change; none known: "Attributes".
    expect(words({ type: 'attribute', attributes: { href: '/x', text: 'Go' } })).toBe('Text change');
    expect(words({ type: 'attribute', attributes: { href: '/x' } })).toBe('Attributes change');
    expect(words({ type: 'attribute' })).toBe('Attributes change');
    expect(words({ type: 'attribute', attributes: ['text'] })).toBe('Attributes change');
    expect(words({ type: 'append' })).toBe('Insert HTML change');
    expect(words({ type: 'rearrange' })).toBe('Move change');
    expect(words({ type: 'redirect' })).toBe('Redirect change');
    expect(words({ type: 'custom_code' })).toBe('Custom code change');
    expect(words({ type: 'widget' })).toBe('Widget change');
    // An attribute-named type is not an attribute change; an unknown type is just "change".
    expect(words({ type: 'text', attributes: { text: 'x' } })).toBe('change');
    expect(words({})).toBe('change');
  });

  it('EDT-10 an entity\'s own fields leave out its child lists, but not a field of that name that is not a list', () => {
    const entity = flattenProject({ layers: [{ id: 'L', name: 'x', experiments: [{ id: 'E' }], changes: 'not a list' }] }).get('layer:L');
    expect(entity?.fields).toEqual({ id: 'L', name: 'x', changes: 'not a list' });
    const project = flattenProject({ projectId: 'p', layers: [], audiences: [], pages: [], events: [], dimensions: [], visitorAttributes: [], revision: 3 });
    expect(project.get('project')?.fields).toEqual({ projectId: 'p', revision: 3 });
    // Entries that are not objects are skipped, not flattened as entities.
    expect([...flattenProject({ layers: [null, 'L', { id: 'M' }] }).keys()]).toEqual(['project', 'layer:M']);
  });
});

describe('differences', () => {
  it('EDT-10 a project field is a change, its revision number is not', () => {
    const before = { projectId: 'p', revision: 1, layers: [] };
    expect(diffProjects(before, { ...before, revision: 2 })).toEqual([]);
    expect(diffProjects(before, { ...before, revision: 2, accountId: 'acc' })).toEqual([
      { key: 'project', kind: 'project', id: 'p', label: 'project p', status: 'changed', fields: [{ field: 'accountId', before: undefined, after: 'acc', format: 'text' }] },
    ]);
    // Only the project's revision is exempt: an entity's own "revision" field is an edit.
    const audience = (revision: number) => ({ projectId: 'p', audiences: [{ id: 'a', revision }] });
    expect(diffProjects(audience(1), audience(2)).map((entity) => entity.fields.map((field) => field.field))).toEqual([['revision']]);
  });

  it('EDT-10 a child list changing is reported on the child, not as a field of its parent', () => {
    const before = { projectId: 'p', layers: [{ id: 'L', experiments: [{ id: 'E', name: 'a' }] }] };
    const after = { projectId: 'p', layers: [{ id: 'L', experiments: [{ id: 'E', name: 'b' }] }] };
    expect(diffProjects(before, after).map((entity) => entity.key)).toEqual(['experiment:E']);
  });

  it('EDT-10 added and removed entities carry every field, the other side undefined, removed ones last', () => {
    const before = { projectId: 'p', pages: [{ id: 'old', apiName: 'o' }] };
    const after = { projectId: 'p', events: [{ id: 'new', css: '.x{}' }] };
    expect(diffProjects(before, after)).toEqual([
      { key: 'event:new', kind: 'event', id: 'new', label: 'event new', status: 'added', fields: [
        { field: 'id', before: undefined, after: 'new', format: 'text' },
        { field: 'css', before: undefined, after: '.x{}', format: 'css' },
      ] },
      { key: 'page:old', kind: 'page', id: 'old', label: 'view "o"', status: 'removed', fields: [
        { field: 'id', before: 'old', after: undefined, format: 'text' },
        { field: 'apiName', before: 'o', after: undefined, format: 'text' },
      ] },
    ]);
  });

  it('EDT-10 an HTML value is recognised by its change being an insertion, also when the type is the only field that changed', () => {
    const html = (type: string, value: string) => ({ projectId: 'p', layers: [{ id: 'L', changes: [{ id: 'c', type, value }] }] });
    const [change] = diffProjects(html('append', 'plain words'), html('append', 'other words'));
    expect(change.fields).toEqual([{ field: 'value', before: 'plain words', after: 'other words', format: 'html' }]);
  });
});

describe('formats', () => {
  it('EDT-12 each value is shown in the format that reads it best', () => {
    expect(formatOf('value', undefined, { $fn: 'function () {}' })).toBe('code');
    expect(formatOf('css', '.a{}', '.b{}')).toBe('css');
    expect(formatOf('css', undefined, undefined)).toBe('css');
    expect(formatOf('value', 'a', 'words', { type: 'append' })).toBe('html');
    expect(formatOf('value', 'a', '  <p>hi</p>')).toBe('html');
    expect(formatOf('value', 'a', 'a <b>', { type: 'attribute' })).toBe('text');
    expect(formatOf('value', 'a', ' x<p>')).toBe('text');
    expect(formatOf('html', 'a', '<p>hi</p>')).toBe('text');
    expect(formatOf('name', 'a', '<p>hi</p>', { type: 'append' })).toBe('text');
    expect(formatOf('name', 'a', 'two\nlines')).toBe('json');
    expect(formatOf('conditions', undefined, ['and', {}])).toBe('json');
    expect(formatOf('attributes', undefined, { text: 'x' })).toBe('json');
    expect(formatOf('traffic', 1, 2)).toBe('text');
    expect(formatOf('enabled', true, null)).toBe('text');
    // A removed value (after undefined) is shown in the format of what it was.
    expect(formatOf('attributes', { text: 'x' }, undefined)).toBe('json');
    expect(formatOf('value', { $fn: 'x => x' }, undefined)).toBe('code');
    // An object replaced by null is shown as JSON, like the object (both sides read in one editor).
    expect(formatOf('attributes', { text: 'x' }, null)).toBe('json');
  });

  it('EDT-12 the text of a value in a diff editor: source for code, the string itself, indented JSON otherwise', () => {
    expect(valueText(undefined)).toBe('');
    expect(valueText({ $fn: 'function () { return 1; }' })).toBe('function () { return 1; }');
    expect(valueText('<p>hi</p>')).toBe('<p>hi</p>');
    expect(valueText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(valueText(null)).toBe('null');
  });

  it('EDT-10 stable JSON: keys sorted, undefined members left out, arrays kept in order, undefined as null', () => {
    expect(stableJson({ b: 1, a: [2, { d: undefined, c: 'x' }] })).toBe('{"a":[2,{"c":"x"}],"b":1}');
    expect(stableJson([3, 1])).toBe('[3,1]');
    expect(stableJson([undefined])).toBe('[null]');
    expect(stableJson(undefined)).toBe('null');
    expect(stableJson('s')).toBe('"s"');
    expect(stableJson({})).toBe('{}');
    expect(stableJson({ a: undefined }) === stableJson({})).toBe(true);
  });
});
