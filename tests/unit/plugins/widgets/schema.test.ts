/** The widget config schema: completion (applier) and the JSON Schema export (editor). */
import { describe, expect, it } from 'vitest';
import { definePlugin, type ShowWidgetData } from '../../../../core';
import { completeConfig, toJsonSchema } from '../../../../plugins/_shared/widget-schema';
import { flag, isOff, isOn, obj, str } from '../../../../plugins/widgets/_shared/schema';
import { boot, META } from '../modules/changes/kit';

const SCHEMA = {
  copy: str('Hello'),
  pillCopy: str('New'),
  size: flag('True'),
  block: obj({ title: '', link: '' }),
  kind: str('BASE', ['BASE', 'RV', 'NV']),
};

describe('widget config schema', () => {
  it('WID-3 a missing field takes its default; given fields of the right type are kept', () => {
    const { config, problems } = completeConfig(SCHEMA, { copy: 'Hi', size: false });
    expect(config).toEqual({ copy: 'Hi', pillCopy: 'New', size: false, block: { title: '', link: '' }, kind: 'BASE' });
    expect(problems).toEqual([]);
  });

  it('WID-3 defaults are copies: a widget changing one does not change the next show', () => {
    const first = completeConfig(SCHEMA, {}).config.block as { title: string };
    first.title = 'changed';
    expect((completeConfig(SCHEMA, {}).config.block as { title: string }).title).toBe('');
  });

  it('WID-3 WID-8 a wrong type takes the default with a problem; an unknown field is kept with a problem; an unusual enum value is kept', () => {
    const { config, problems } = completeConfig(SCHEMA, { copy: 42, extra: 'x', kind: 'XL', block: 'nope' });
    expect(config).toMatchObject({ copy: 'Hello', extra: 'x', kind: 'XL', block: { title: '', link: '' } });
    expect(problems).toEqual([
      '"copy" should be string, not number: default used',
      '"block" should be object, not string: default used',
      '"kind" is "XL", not one of ["BASE","RV","NV"]',
      '"extra" is not a field of this widget: kept',
    ]);
    expect(completeConfig(SCHEMA, 'text').problems).toEqual(['config is not an object']);
    expect(completeConfig(SCHEMA, undefined).config.copy).toBe('Hello');
  });

  it('WID-3 the JSON Schema for the editor has every field with its type, default and enum; unknown fields allowed', () => {
    const schema = toJsonSchema(SCHEMA, 'top_banner');
    expect(schema.title).toBe('top_banner');
    expect(schema.properties.size).toEqual({ type: ['string', 'boolean'], default: 'True' });
    expect(schema.properties.kind).toEqual({ type: 'string', default: 'BASE', enum: ['BASE', 'RV', 'NV'] });
    expect(schema.properties.block).toEqual({ type: 'object', default: { title: '', link: '' } });
    expect(schema.additionalProperties).toBe(true);
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });
});

describe('flag fields', () => {
  it('a flag is on when written true, "True" or "TRUE" and off when written false, "False" or "FALSE"; anything else is neither', () => {
    for (const on of [true, 'true', 'True', 'TRUE']) {
      expect([isOn(on), isOff(on)], String(on)).toEqual([true, false]);
    }
    for (const off of [false, 'false', 'False', 'FALSE']) {
      expect([isOn(off), isOff(off)], String(off)).toEqual([false, true]);
    }
    for (const neither of ['', 'yes', '0', 0, 1, null, undefined]) {
      expect([isOn(neither), isOff(neither)], String(neither)).toEqual([false, false]);
    }
  });
});

describe('widget change applier', () => {
  const widget = (shown: unknown[]) =>
    definePlugin({ type: 'widget', name: 'top_banner', schema: SCHEMA, show: (config) => (shown.push(config), { undo() {} }), hide() {} });

  it('WID-4 WID-3 the config is completed from the schema before showWidget and show; problems are warnings', async () => {
    const shown: unknown[] = [];
    const t = boot({ extra: [widget(shown)] });
    await t.changes.applyAction({ changes: [{ id: 'w', type: 'widget', widget_id: 'top_banner', config: { copy: 1, odd: true } }] }, META);
    const completed = { copy: 'Hello', pillCopy: 'New', size: 'True', block: { title: '', link: '' }, kind: 'BASE', odd: true };
    expect(shown).toEqual([completed]);
    expect((t.events.find((e) => e.name === 'showWidget')!.data as ShowWidgetData).config).toEqual(completed);
    const warnings = t.logs.filter((l) => l.level === 'warn').map((l) => l.text);
    expect(warnings).toEqual([
      'Widget "top_banner" (change w): "copy" should be string, not number: default used',
      'Widget "top_banner" (change w): "odd" is not a field of this widget: kept',
    ]);
    expect(t.changes.changeStates().w).toBe('applied');
  });

  it('WID-4 WID-6 a widget not in the snippet is reported once as a warning, never thrown; showWidget still emitted', async () => {
    const t = boot();
    await t.changes.applyAction(
      { changes: [{ id: 'a', type: 'widget', widget_id: 'hero' }, { id: 'b', type: 'widget', widget_id: 'hero', config: { x: 1 } }] },
      META,
    );
    expect(t.logs.filter((l) => l.level === 'warn').map((l) => l.text)).toEqual(['Widget "hero" is not in this snippet; showWidget emitted only']);
    expect(t.events.filter((e) => e.name === 'showWidget')).toHaveLength(2);
    expect(t.errors()).toEqual([]);
    expect(t.changes.changeStates()).toEqual({ a: 'applied', b: 'applied' });
  });
});
