/** The change appliers on their own, where no DOM is needed (the DOM ones: tests/browser/changes/). */
import { describe, expect, it } from 'vitest';
import type { ChangeEnv, PluginContext } from '../../../../core';
import type { Change } from '../../../../core/project/types';
import attribute from '../../../../plugins/change-appliers/attribute';
import customCode from '../../../../plugins/change-appliers/custom-code';
import redirect from '../../../../plugins/change-appliers/redirect';
import widget from '../../../../plugins/change-appliers/widget';

const emitted: unknown[] = [];
const warnings: string[] = [];
const ctx = {
  get: () => undefined,
  emit: (event: unknown) => emitted.push(event),
  plugin: () => undefined,
  log: { debug() {}, warn: (...parts: unknown[]) => warnings.push(parts.join(' ')) },
} as unknown as PluginContext;
const env = (win?: unknown): ChangeEnv => ({ ctx, win: win as ChangeEnv['win'], meta: { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: 'p' } });

describe('change appliers', () => {
  it('CHG-4 CHG-5 the attribute applier throws before touching the element for what is no attribute name, an on* attribute or a javascript: URL', () => {
    const touched: string[] = [];
    const el = new Proxy({}, { get: (_t, key) => (touched.push(String(key)), () => null) }) as unknown as Element;
    const refused = (attributes: Record<string, unknown>) => () => attribute.apply({ id: 'a', type: 'attribute', attributes: attributes as never }, el, env());
    expect(refused({ class: 'x', 'colour name': 'red' })).toThrow('Unrecognized attribute');
    expect(refused({ class: 'x', onClick: 'steal()' })).toThrow('Event handler attributes are refused');
    expect(refused({ title: 'x', href: '\u0001JavaScript:alert(1)' })).toThrow('javascript: URLs are refused');
    expect(refused({ 'data-go': 'javascript:void 0' })).toThrow('javascript: URLs are refused');
    expect(touched).toEqual([]);
    expect(attribute.perElement).toBe(true);
  });

  it('CHG-8 CHG-9 custom_code runs a real function with the api and keeps the undo it returns; a non-function throws', () => {
    let undone = false;
    const handle = customCode.apply({ id: 'c', type: 'custom_code', value: (api) => (expect(api).toBe(ctx), () => (undone = true)) }, undefined, env());
    handle.undo();
    expect(undone).toBe(true);
    expect(() => customCode.apply({ id: 'c', type: 'custom_code', value: 'x' } as unknown as Change, undefined, env())).toThrow(
      'Custom code must be a function',
    );
  });

  it('CHG-11 redirect needs a URL and replaces the location even without decisions or tracker modules', () => {
    const went: string[] = [];
    redirect.apply({ id: 'r', type: 'redirect', value: '/b' }, undefined, env({ location: { replace: (u: string) => went.push(u) } }));
    expect(went).toEqual(['/b']);
    expect(() => redirect.apply({ id: 'r', type: 'redirect' }, undefined, env())).toThrow('A redirect change needs a URL (value)');
  });

  it('CHG-10 widget emits showWidget even when no widget plugin is registered (warned once), and needs a widget_id', () => {
    emitted.length = 0;
    widget.apply({ id: 'w', type: 'widget', widget_id: 'banner' }, undefined, env()).undo();
    widget.apply({ id: 'w2', type: 'widget', widget_id: 'banner' }, undefined, env()).undo();
    expect(emitted).toMatchObject([
      { type: 'action', name: 'showWidget', data: { widgetId: 'banner', config: {}, changeId: 'w' } },
      { type: 'action', name: 'showWidget', data: { widgetId: 'banner', config: {}, changeId: 'w2' } },
    ]);
    expect(warnings.filter((line) => line.includes('"banner"'))).toHaveLength(1);
    expect(() => widget.apply({ id: 'w', type: 'widget' }, undefined, env())).toThrow('A widget change needs a widget_id');
  });
});
