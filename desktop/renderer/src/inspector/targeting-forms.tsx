/**
 * Inspector forms of audiences (condition builder over the matchers the runtime has), views (URL
 * match rules with a live "does this URL match" check by the runtime's own URL matcher), events,
 * actions and changes (EDT-8).
 */
import { useEffect, useMemo, useState } from 'react';
import { EVENT_TYPES, PAGE_ACTIVATION_TYPES, URL_MATCH_TYPES, VALUE_MATCHES, type UrlCondition } from '../../../../core/project/types';
import { regexProblem } from '../../../../core/project/regex';
import { createUrlMatcher } from '../../../../plugins/modules/pages/url';
import type { CellValue } from '../../../../editor-model/project-codec';
import { displayName, setFields } from '../model/entities';
import { useEntity, useModel, useRows } from '../model/hooks';
import { selectorError } from './changes/selector-check';
import { replaceRow } from '../model/project-store';
import { Icon } from '../shell/icons';
import { evaluateGroup, GroupEditor, parseGroup, serializeGroup, type Group } from './condition-group';
import { Field, FormSection, JsonInput, Select, TextInput } from './fields';
import { PAGE_ACTIVATION_WORDS, URL_MATCH_WORDS, worded } from './words';

type Obj = Record<string, unknown>;

/** The audience condition types of the runtime: the names of the standard preset's matchers, loaded on first use. */
function useMatcherTypes(): string[] {
  const [types, setTypes] = useState<string[]>([]);
  useEffect(() => {
    let active = true;
    void import('../../../../plugins/presets/standard').then(({ standardPreset }) => {
      if (active) setTypes(standardPreset().filter((plugin) => plugin.type === 'audienceMatcher').map((plugin) => plugin.name).sort());
    });
    return () => {
      active = false;
    };
  }, []);
  return types;
}

const valueText = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
const parseValue = (text: string): unknown => {
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
};

/** An audience: name and conditions. */
export function AudienceForm({ rowId }: { rowId: string }) {
  const model = useModel();
  const row = useEntity('audiences', rowId);
  const types = useMatcherTypes();
  const group = useMemo(() => parseGroup(row.conditions), [row.conditions]);
  const name = displayName(row, rowId);
  const save = (next: Group, label: string) => setFields(model, 'audiences', rowId, { conditions: serializeGroup(next) as CellValue }, `${label} in audience "${name}"`);
  return (
    <>
      <FormSection title="Audience">
        <Field label="Name" hint="What experiments list it by."><TextInput name="name" value={String(row.name ?? '')} onCommit={(value) => setFields(model, 'audiences', rowId, { name: value }, `Rename audience to "${value}"`)} /></Field>
        <Field label="Id" hint="Fixed once created: the data, the QA log and force parameters name it."><TextInput value={String(row.id ?? rowId)} readOnly onCommit={() => undefined} mono /></Field>
      </FormSection>
      <FormSection title="Conditions">
        <GroupEditor
          group={group}
          onChange={save}
          leafName="condition"
          newLeaf={() => ({ type: types.includes('custom_attribute') ? 'custom_attribute' : types[0] ?? 'custom_attribute', name: '', match: 'exact', value: '' })}
          path="conditions"
          renderLeaf={(leaf, change, path) => (
            <div className="condition">
              <Select label="Condition type" value={String(leaf.type ?? '')} options={types} onChange={(type) => change({ ...leaf, type }, `Set condition type to ${type}`)} />
              <TextInput name="condition-name" placeholder="attribute / field" value={String(leaf.name ?? '')} onCommit={(value) => change({ ...leaf, name: value || undefined }, 'Edit condition field')} />
              <Select label="Match" value={String(leaf.match ?? '')} options={[{ value: '', label: 'default' }, ...VALUE_MATCHES]} onChange={(match) => change({ ...leaf, match: match || undefined }, `Set match to ${match}`)} />
              {leaf.match === 'exists' ? <span className="condition__none">any value</span> : (
                <TextInput name="condition-value" placeholder={leaf.match === 'range' ? 'min:max' : 'value'} fieldPath={`${path}.value`} check={leaf.match === 'regex' ? patternProblem : undefined} value={valueText(leaf.value)} onCommit={(value) => change({ ...leaf, value: parseValue(value) }, 'Edit condition value')} />
              )}
            </div>
          )}
        />
      </FormSection>
    </>
  );
}

/**
 * Why the runtime would refuse a regular expression (its syntax, length or the unsafe-pattern guard's
 * explanation), as the field's message; the same guard refuses it at review and at build.
 */
const patternProblem = (pattern: string): string | undefined => {
  const problem = pattern ? regexProblem(pattern) : undefined;
  return problem ? `${problem.replace(/\.?$/, '.')} The runtime would refuse this pattern.` : undefined;
};

/** The runtime's URL matcher, with the editor's invalid-regex note. */
function useUrlCheck(group: Group, url: string): { result: boolean | null; invalid: string | null } {
  return useMemo(() => {
    let invalid: string | null = null;
    const match = createUrlMatcher(undefined, (pattern) => {
      invalid = pattern;
    });
    if (!url.trim()) return { result: null, invalid };
    const result = evaluateGroup(group, (leaf) => (leaf.type === 'url' ? match(leaf as unknown as UrlCondition, url) : null));
    return { result, invalid };
  }, [group, url]);
}

/** A view (page): names, activation, URL rules with the live check. */
export function PageForm({ rowId }: { rowId: string }) {
  const model = useModel();
  const row = useEntity('pages', rowId);
  const group = useMemo(() => parseGroup(row.staticConditions), [row.staticConditions]);
  const [url, setUrl] = useState('');
  const check = useUrlCheck(group, url);
  const name = displayName(row, rowId);
  const set = (cells: Record<string, CellValue | undefined>, label: string) => setFields(model, 'pages', rowId, cells, `${label} of view "${name}"`);
  return (
    <>
      <FormSection title="View">
        <Field label="Name" hint="What campaigns and the canvas list it by."><TextInput name="name" value={String(row.name ?? '')} onCommit={(value) => set({ name: value }, 'Rename')} /></Field>
        <Field label="API name" hint="Used by the page call and by events."><TextInput name="apiName" value={String(row.apiName ?? '')} onCommit={(value) => set({ apiName: value }, 'Edit API name')} mono /></Field>
        <Field label="Activation" hint="When the view becomes active on a page whose URL its rules match.">
          <Select label="Activation" value={String(row.activationType ?? '')} options={[{ value: '', label: 'When the URL matches (default)' }, ...worded(PAGE_ACTIVATION_TYPES, PAGE_ACTIVATION_WORDS)]} onChange={(value) => set({ activationType: value || undefined }, 'Edit activation')} />
        </Field>
      </FormSection>
      <FormSection title="URL rules">
        <GroupEditor
          group={group}
          onChange={(next, label) => set({ staticConditions: serializeGroup(next) as CellValue }, label)}
          leafName="URL rule"
          path="staticConditions"
          newLeaf={() => ({ type: 'url', match: 'simple', value: '' })}
          renderLeaf={(leaf, change, path) =>
            leaf.type === 'url' ? (
              <div className="condition condition--url">
                <Select label="URL match" value={String(leaf.match ?? 'simple')} options={worded(URL_MATCH_TYPES, URL_MATCH_WORDS)} onChange={(match) => change({ ...leaf, match }, `Set URL match to ${match}`)} />
                <TextInput name="url-value" label="URL rule" mono placeholder="https://www.example.com/page" fieldPath={`${path}.value`} check={leaf.match === 'regex' ? patternProblem : undefined} value={String(leaf.value ?? '')} onCommit={(value) => change({ ...leaf, value }, 'Edit URL rule')} />
              </div>
            ) : (
              <div className="condition"><code className="condition__json">{JSON.stringify(leaf)}</code></div>
            )
          }
        />
        <div className="url-check">
          <Field label="Does this URL match?" wide hint="Paste any address: the runtime's own URL matcher answers.">
            <input className="input input--mono" name="url-check" placeholder="Paste a page URL" value={url} onChange={(event) => setUrl(event.target.value)} />
          </Field>
          {url.trim() ? (
            <p className={`url-check__result url-check__result--${check.result === true ? 'yes' : check.result === false ? 'no' : 'unknown'}`} role="status">
              <Icon name={check.result === true ? 'check' : check.result === false ? 'close' : 'warning'} size={14} />
              {check.result === true ? 'Matches this view' : check.result === false ? 'Does not match' : 'Depends on conditions other than the URL'}
              {check.invalid ? ` · invalid regular expression: ${check.invalid}` : ''}
            </p>
          ) : null}
        </div>
      </FormSection>
    </>
  );
}

/** An event: names, type, view, selector for clicks. */
export function EventForm({ rowId }: { rowId: string }) {
  const model = useModel();
  const row = useEntity('events', rowId);
  const pages = useRows('pages');
  const name = displayName(row, rowId);
  const set = (cells: Record<string, CellValue | undefined>, label: string) => setFields(model, 'events', rowId, cells, `${label} of event "${name}"`);
  const config = (row.config as Obj | undefined) ?? {};
  return (
    <FormSection title="Event">
      <Field label="Name" hint="What the results and goal pickers list it by."><TextInput name="name" value={String(row.name ?? '')} onCommit={(value) => set({ name: value }, 'Rename')} /></Field>
      <Field label="API name" hint="The name the event is tracked with."><TextInput name="apiName" value={String(row.apiName ?? '')} onCommit={(value) => set({ apiName: value }, 'Edit API name')} mono /></Field>
      <Field label="Type" hint="What counts as the event: a click on an element, a view, or a call from the page."><Select label="Event type" value={String(row.eventType ?? '')} options={EVENT_TYPES} onChange={(value) => set({ eventType: value }, 'Edit type')} /></Field>
      <Field label="View" hint="Counted only while this view is active.">
        <Select label="View" value={String(row.pageId ?? '')} options={[{ value: '', label: 'Any view' }, ...pages.map(({ rowId: pageRow, row: page }) => ({ value: String(page.id ?? pageRow), label: displayName(page, pageRow) }))]} onChange={(value) => set({ pageId: value || undefined }, 'Edit view')} />
      </Field>
      {row.eventType === 'click' ? (
        <Field label="Clicked element" hint="CSS selector of the elements that count.">
          <TextInput name="selector" label="Clicked element" mono check={selectorError} value={String(config.selector ?? '')} onCommit={(value) => set({ config: { ...config, selector: value } as CellValue }, 'Edit selector')} />
        </Field>
      ) : null}
    </FormSection>
  );
}

/** An action: the view its changes apply on. */
export function ActionForm({ rowId }: { rowId: string }) {
  const model = useModel();
  const row = useEntity('actions', rowId);
  const pages = useRows('pages');
  const key = row.viewId !== undefined && row.pageId === undefined ? 'viewId' : 'pageId';
  return (
    <FormSection title="Action">
      <Field label="View" hint="The page whose changes this action holds.">
        <Select label="View" value={String(row[key] ?? '')} options={pages.map(({ rowId: pageRow, row: page }) => ({ value: String(page.id ?? pageRow), label: displayName(page, pageRow) }))} onChange={(value) => setFields(model, 'actions', rowId, { [key]: value }, `Move action to view ${value}`)} />
      </Field>
    </FormSection>
  );
}

/** A change, as data (the canvas's change forms author them on the page). */
export function ChangeRowForm({ rowId }: { rowId: string }) {
  const model = useModel();
  const row = useEntity('changes', rowId);
  const { parentTable: _p, parentId: _i, listKey: _l, order: _o, lists: _s, ...fields } = row;
  return (
    <FormSection title="Change">
      <Field label="Type" hint="Set when the change is made; author it on the canvas."><TextInput value={String(row.type ?? '')} readOnly onCommit={() => undefined} /></Field>
      <Field label="Selector" hint="CSS selector of the element the change applies to."><TextInput name="selector" label="Selector" mono fieldPath="selector" check={selectorError} value={String(row.selector ?? '')} onCommit={(value) => setFields(model, 'changes', rowId, { selector: value }, `Edit selector of change ${rowId}`)} /></Field>
      <Field label="Fields" wide hint="The change's other settings as JSON; checked when it parses."><JsonInput rows={10} value={fields} onCommit={(value) => model.edit(`Edit change ${rowId}`, (store) => {
        const keep = { parentTable: row.parentTable, parentId: row.parentId, listKey: row.listKey, order: row.order };
        replaceRow(store, 'changes', rowId, { ...(value as Obj), ...keep });
      })} /></Field>
    </FormSection>
  );
}
