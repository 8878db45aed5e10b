import { describe, expect, it } from 'vitest';
import { definePlugin, type ActionAppliedData, type PluginContext, type ShowWidgetData } from '../../../../../core';
import type { Change } from '../../../../../core/project/types';
import { APPLIERS, META, boot } from './kit';

const code = (id: string, fn: (api: PluginContext) => unknown, extra: Partial<Change> = {}): Change =>
  ({ id, type: 'custom_code', value: fn, ...extra }) as Change;

describe('changes module (Node, no DOM)', () => {
  it('CHG-2 every change type has an applier plugin, keyed by type', () => {
    expect(APPLIERS.map((p) => p.name).sort()).toEqual(['append', 'attribute', 'custom_code', 'rearrange', 'redirect', 'widget']);
    expect(APPLIERS.every((p) => p.type === 'changeApplier')).toBe(true);
  });

  it('CHG-1 an applier receives the change with its fields (id, type, src, dependencies, selector, attributes, css, operator, value)', async () => {
    const seen: Change[] = [];
    const spy = definePlugin({ type: 'changeApplier', name: 'spy', perElement: false, apply: (c) => (seen.push(c), { undo() {} }) });
    const t = boot({ extra: [spy] });
    const change = { id: 'c', type: 'spy', dependencies: [], selector: '#x', attributes: { text: 'a' }, css: { color: 'red' }, operator: 'after', value: 1 };
    await t.changes.applyAction({ id: 'a', changes: [change as unknown as Change] }, META);
    expect(Object.keys(seen[0])).toEqual(['id', 'type', 'dependencies', 'selector', 'attributes', 'css', 'operator', 'value']);
  });

  it('CHG-8 DEC-23 a custom_code change runs its function with the api, then the action-applied event is emitted', async () => {
    const t = boot();
    let api: PluginContext | undefined;
    await t.changes.applyAction({ id: 'a1', changes: [code('c1', (a) => void (api = a))] }, META);
    expect(api?.get('changes')).toBe(t.changes);
    expect(t.changes.changeStates()).toEqual({ c1: 'applied' });
    const applied = t.events.filter((e) => e.type === 'action' && e.name === 'applied');
    expect(applied.map((e) => e.data as ActionAppliedData)).toEqual([{ ...META, actionId: 'a1' }]);
  });

  it('CHG-9 ERR-27 a custom_code value that is not a function is an ActionError "Custom code must be a function"', async () => {
    const t = boot();
    await t.changes.applyAction({ changes: [{ id: 'c1', type: 'custom_code', value: 'alert(1)' } as unknown as Change] }, META);
    expect(t.errors()).toEqual(['Custom code must be a function']);
    expect(t.events.find((e) => e.type === 'error')?.name).toBe('ActionError');
    expect(t.changes.changeStates().c1).toBe('error');
  });

  it('CHG-12 CHG-13 applier states unapplied -> applying -> applied -> undoing -> unapplied, change states along', async () => {
    const t = boot();
    const seen: unknown[] = [];
    expect(t.changes.status()).toBe('unapplied');
    await t.changes.applyAction(
      {
        changes: [
          code('b', () => 1, { dependencies: ['a'] }),
          code('a', () => {
            seen.push(t.changes.status(), { ...t.changes.changeStates() });
            return () => seen.push(t.changes.status());
          }),
        ],
      },
      META,
    );
    expect(seen).toEqual(['applying', { b: 'blocked', a: 'applying' }]);
    expect(t.changes.status()).toBe('applied');
    expect(t.changes.changeStates()).toEqual({ a: 'applied', b: 'applied' });
    t.changes.undoPage('p1');
    expect(seen.at(-1)).toBe('undoing');
    expect(t.changes.status()).toBe('unapplied');
    expect(t.changes.changeStates()).toEqual({ a: 'unapplied', b: 'unapplied' });
  });

  it('CHG-13 a change whose dependency failed is ignored; one without a document to select in is an error', async () => {
    const t = boot();
    await t.changes.applyAction(
      {
        changes: [
          code('bad', () => {
            throw Error('boom');
          }),
          code('after-bad', () => 1, { dependencies: ['bad'] }),
          { id: 'sel', type: 'attribute', selector: '#x', attributes: { text: 'a' } },
        ],
      },
      META,
    );
    expect(t.changes.changeStates()).toEqual({ bad: 'error', 'after-bad': 'ignored', sel: 'error' });
  });

  it('CHG-14 a change waits for the changes it depends on, whatever their order', async () => {
    const t = boot();
    const order: string[] = [];
    await t.changes.applyAction(
      {
        changes: [
          code('c', () => void order.push('c'), { dependencies: ['b', 'a'] }),
          code('b', () => void order.push('b'), { dependencies: ['a'] }),
          code('a', () => void order.push('a')),
        ],
      },
      META,
    );
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('CHG-15 ERR-19 circular dependencies are an error and those changes are not applied; the others are', async () => {
    const t = boot();
    const ran: string[] = [];
    await t.changes.applyAction(
      {
        changes: [
          code('x', () => void ran.push('x'), { dependencies: ['y'] }),
          code('y', () => void ran.push('y'), { dependencies: ['x'] }),
          code('z', () => void ran.push('z')),
        ],
      },
      META,
    );
    expect(ran).toEqual(['z']);
    expect(t.errors()).toEqual(['Circular dependencies in changes: x -> y -> x']);
    expect(t.changes.changeStates()).toMatchObject({ x: 'error', y: 'error', z: 'applied' });
  });

  it('CHG-16 ERR-18 a dependency on an absent change id is a warning, and the change is applied', async () => {
    const t = boot();
    await t.changes.applyAction({ changes: [code('a', () => 1, { dependencies: ['ghost'] })] }, META);
    expect(t.logs).toContainEqual({ level: 'warn', text: 'Change with id "ghost" is absent' });
    expect(t.errors()).toEqual([]);
    expect(t.changes.changeStates().a).toBe('applied');
  });

  it('CHG-17 NET-9 an async change whose src contains a double quote is refused before any request', async () => {
    const t = boot();
    await t.changes.applyAction({ changes: [code('a', () => 1, { src: 'https://cdn.example/x".js' })] }, META);
    expect(t.errors()).toEqual(['A script URL containing a double quote is refused']);
    expect(t.changes.changeStates().a).toBe('error');
  });

  it('CHG-17 ERR-20 an async change whose script cannot load is "Failed to load async change from <src>"', async () => {
    const t = boot();
    await t.changes.applyAction({ changes: [code('a', () => 1, { src: 'https://cdn.example/x.js' })] }, META);
    expect(t.errors()).toEqual(['Failed to load async change from https://cdn.example/x.js']);
  });

  it('KRN-45 ERR-53 errors in one change are ActionErrors with the change id, reported through an error event, and do not stop the others', async () => {
    const t = boot();
    const ran: string[] = [];
    const boom = () => {
      throw Error('custom code failed');
    };
    await t.changes.applyAction({ changes: [code('a', boom), code('b', () => void ran.push('b'))] }, META);
    expect(ran).toEqual(['b']);
    const errors = t.events.filter((e) => e.type === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].name).toBe('ActionError');
    expect(errors[0].data).toMatchObject({ changeId: 'a', layerId: 'l1', pageId: 'p1' });
    const wrapped = (errors[0].data as { error: Error & { cause?: unknown } }).error;
    expect([wrapped.name, wrapped.message, (wrapped.cause as Error).message]).toEqual(['ActionError', 'custom code failed', 'custom code failed']);
    expect(t.logs).toContainEqual({ level: 'error', text: 'ActionError: custom code failed' });
  });

  it('CHG-3 ERR-21 an unknown type at apply time is "Unrecognized change type "<type>""', async () => {
    const t = boot();
    await t.changes.applyAction({ changes: [{ id: 'q', type: 'teleport' } as unknown as Change] }, META);
    expect(t.errors()).toEqual(['Unrecognized change type "teleport"']);
  });

  it('undoPage undoes the page\'s changes newest first, only that page\'s, and removeActionState forgets them', async () => {
    const t = boot();
    const undone: string[] = [];
    const undoable = (id: string) => code(id, () => () => undone.push(id));
    await t.changes.applyAction({ changes: [undoable('a'), undoable('b')] }, META);
    await t.changes.applyAction({ changes: [undoable('c')] }, { ...META, pageId: 'p2' });
    await t.changes.applyAction({ changes: [undoable('d')] }, META);
    t.changes.undoPage('p1');
    expect(undone).toEqual(['d', 'b', 'a']);
    t.changes.removeActionState('p1');
    expect(t.changes.changeStates()).toEqual({ c: 'applied' });
  });

  it('CHG-10 WID-4 a widget change emits showWidget with its config, then shows the widget plugin and is applied', async () => {
    const shown: unknown[] = [];
    const banner = definePlugin({
      type: 'widget',
      name: 'banner',
      schema: { copy: { type: 'string', default: '' } },
      show: (config) => (shown.push(config), { undo: () => void shown.push('hidden') }),
      hide: () => undefined,
    });
    const t = boot({ extra: [banner] });
    let stateAtEvent: string | undefined;
    t.kernel.get('event_emitter');
    (t.get('event_emitter') as { on: Function }).on({
      filter: { type: 'action', name: 'showWidget' },
      handler: () => (stateAtEvent = t.changes.changeStates().w),
    });
    await t.changes.applyAction({ changes: [{ id: 'w', type: 'widget', widget_id: 'banner', config: { copy: 'Hi' } }] }, META);
    const event = t.events.find((e) => e.name === 'showWidget')!;
    expect(event.data as ShowWidgetData).toEqual({ widgetId: 'banner', config: { copy: 'Hi' }, changeId: 'w', meta: META });
    expect(stateAtEvent).toBe('applying');
    expect(shown).toEqual([{ copy: 'Hi' }]);
    expect(t.changes.changeStates().w).toBe('applied');
    t.changes.undoPage('p1');
    expect(shown).toEqual([{ copy: 'Hi' }, 'hidden']);
  });

  it('CHG-11 a redirect relays the decision (relay cookie), flushes the tracker to the beacon, then replaces the location', async () => {
    const calls: string[] = [];
    // Stand-ins for the decisions and tracker modules of other plugins (not part of this issue).
    const standIns = definePlugin({
      type: 'tracker',
      name: 'stand-ins',
      setup(ctx) {
        ctx.registerModule('decisions', { relayRedirect: (layerId: string) => (calls.push(`relay ${layerId}`), true) });
        ctx.registerModule('tracker', { flush: (o: { beacon?: boolean }) => calls.push(`flush beacon=${o.beacon}`) });
      },
    });
    const win = { location: { replace: (url: string) => calls.push(`replace ${url}`) } } as unknown as Window;
    const t = boot({ extra: [standIns], win });
    await t.changes.applyAction({ changes: [{ id: 'r', type: 'redirect', value: 'https://example.test/b' }] }, META);
    expect(calls).toEqual(['relay l1', 'flush beacon=true', 'replace https://example.test/b']);
  });

  it('CHG-26 observeSelector needs a valid selector, a function callback and a plain-object options', () => {
    const t = boot();
    expect(() => t.changes.observeSelector('', () => {})).toThrow('observeSelector needs a valid CSS selector');
    expect(() => t.changes.observeSelector('#a', 'x' as never)).toThrow('observeSelector needs a callback function');
    expect(() => t.changes.observeSelector('#a', () => {}, (() => {}) as never)).toThrow('observeSelector options must be an object');
    expect(typeof t.changes.observeSelector('#a', () => {}, {})).toBe('function');
  });
});

describe('changes validation rule', () => {
  const project = (type: string, extra: Record<string, unknown> = {}) => ({
    layers: [
      {
        id: 'l1',
        policy: 'single_experiment',
        experiments: [
          {
            id: 'e1',
            variations: [{ id: 'v1', actions: [{ id: 'a1', pageId: 'p1', changes: [{ id: 'c1', type, ...extra }] }] }],
          },
        ],
      },
    ],
    pages: [{ id: 'p1', apiName: 'home', activationType: 'immediate', conditions: [] }],
  });

  it('CHG-3 ERR-21 a change type without an applier in the snippet is an error at validation: the project is refused', async () => {
    const t = boot({ data: project('teleport') as never });
    await t.settle();
    expect(t.logs.filter((l) => l.level === 'error').map((l) => l.text).join('\n')).toContain('Unrecognized change type "teleport"');
    expect(t.lifecycle()).not.toContain('initialized');
  });

  it('CHG-3 a type brought by an applier plugin is accepted', async () => {
    const own = definePlugin({ type: 'changeApplier', name: 'teleport', perElement: false, apply: () => ({ undo() {} }) });
    const t = boot({ data: project('teleport') as never, extra: [own] });
    await t.settle();
    expect(t.logs.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('CHG-5 ERR-22 an unrecognised attribute is an error at validation ("Unrecognized attribute")', async () => {
    const t = boot({ data: project('attribute', { selector: '#x', attributes: { 'colour!': 'red' } }) as never });
    await t.settle();
    expect(t.logs.filter((l) => l.level === 'error').map((l) => l.text).join('\n')).toContain('Unrecognized attribute');
    expect(t.lifecycle()).not.toContain('initialized');
  });
});
