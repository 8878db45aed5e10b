import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../../../core/testing';
import customAttribute from '../../../../../plugins/audience-matchers/custom-attribute';
import { lookupAttribute } from '../../../../../plugins/audience-matchers/_shared/lookup';
import { checkWith, matchWith } from '../../modules/audiences/helpers';

const visitorAttributes = [
  { id: '11', name: 'tier' },
  { id: '12', name: 'plan' },
  { id: '13', name: 'plan' },
];
const profile = { attributes: { tier: { value: 'gold', lastModified: 1 }, plan: { value: 'pro', lastModified: 1 }, score: { value: 7, lastModified: 1 } } };

const booted = (options = {}) => {
  const plugin = customAttribute(options);
  bootKernel({ plugins: [plugin], data: { visitorAttributes }, validate: false });
  return plugin;
};

describe('custom_attribute matcher', () => {
  it('AUD-2 compares a custom attribute by name with the value matchers', () => {
    const plugin = booted();
    expect(matchWith(plugin, { type: 'custom_attribute', name: 'tier', value: 'gold' }, profile)).toBe(true);
    expect(matchWith(plugin, { type: 'custom_attribute', name: 'score', match: 'range', value: '5:10' }, profile)).toBe(true);
    expect(matchWith(plugin, { type: 'custom_attribute', name: 'missing', match: 'exists' }, profile)).toBe(false);
    expect(matchWith(plugin, { type: 'custom_attribute', name: 'missing', value: 'x' }, profile)).toBeNull();
    expect(matchWith(plugin, { type: 'custom_attribute', name: 'tier', value: 'gold' }, {})).toBeNull();
  });

  it('CFG-25 a lookup gives a name or an id, but not both', () => {
    expect(lookupAttribute({ visitorAttributes }, { name: 'tier', id: '11' }).error).toBe('A visitor attribute lookup needs a name or an id, but not both');
    expect(lookupAttribute({ visitorAttributes }, {}).error).toBe('A visitor attribute lookup needs a name or an id, but not both');
    expect(checkWith(customAttribute(), { type: 'custom_attribute', name: 'tier', id: '11', value: 'x' } as never, { visitorAttributes })).toEqual([
      'A visitor attribute lookup needs a name or an id, but not both',
    ]);
    expect(matchWith(booted(), { type: 'custom_attribute', name: 'tier', id: '11', value: 'gold' } as never, profile)).toBeNull();
  });

  it('CFG-26 a lookup by an unknown id or an unknown name is an error', () => {
    expect(lookupAttribute({ visitorAttributes }, { id: '99' }).error).toBe('Unknown visitor attribute id "99"');
    expect(lookupAttribute({ visitorAttributes }, { name: 'nope' }).error).toBe('Unknown visitor attribute name "nope"');
    expect(checkWith(customAttribute(), { type: 'custom_attribute', id: '99', value: 'x' } as never, { visitorAttributes })).toEqual(['Unknown visitor attribute id "99"']);
    expect(checkWith(customAttribute({ declaredOnly: true }), { type: 'custom_attribute', name: 'nope', value: 'x' }, { visitorAttributes })).toEqual([
      'Unknown visitor attribute name "nope"',
    ]);
    // By default an undeclared name is a plain custom attribute set by the user call.
    expect(checkWith(customAttribute(), { type: 'custom_attribute', name: 'nope', value: 'x' }, { visitorAttributes })).toEqual([]);
    expect(matchWith(booted(), { type: 'custom_attribute', id: '99', match: 'exists' } as never, profile)).toBeNull();
    expect(matchWith(booted({ declaredOnly: true }), { type: 'custom_attribute', name: 'score', value: 7 }, profile)).toBeNull();
  });

  it('CFG-27 a lookup by a name shared by several attributes is an error', () => {
    expect(lookupAttribute({ visitorAttributes }, { name: 'plan' }).error).toBe('Visitor attribute name "plan" matches 2 attributes; look it up by id');
    expect(checkWith(customAttribute(), { type: 'custom_attribute', name: 'plan', value: 'pro' }, { visitorAttributes })[0]).toMatch(/matches 2 attributes/);
    expect(matchWith(booted({ declaredOnly: true }), { type: 'custom_attribute', name: 'plan', value: 'pro' }, profile)).toBeNull();
  });

  it('CFG-26 a lookup by id finds the attribute and reads its value', () => {
    expect(lookupAttribute({ visitorAttributes }, { id: '11' }).attribute).toEqual({ id: '11', name: 'tier' });
    expect(matchWith(booted(), { type: 'custom_attribute', id: '11', value: 'gold' } as never, profile)).toBe(true);
    expect(matchWith(booted(), { type: 'custom_attribute', id: '12', value: 'pro' } as never, profile)).toBe(true);
  });

  it('never throws on hostile profiles', () => {
    const hostile = { get attributes(): never { throw new Error('no'); } };
    const plugin = booted();
    expect(() => matchWith(plugin, { type: 'custom_attribute', name: '__proto__', match: 'exists' }, profile)).not.toThrow();
    expect(matchWith(plugin, { type: 'custom_attribute', name: '__proto__', match: 'exists' }, profile)).toBe(false);
    expect(() => matchWith(plugin, { type: 'custom_attribute', name: 'x' }, hostile)).toThrow(); // the profile getter itself: the module guards it
  });

  it('its compiled predicate answers what match answers: names and ids, lookups, every match type, entries and bare values', () => {
    const data = { visitorAttributes } as never;
    const conditions = [
      { name: 'tier', value: 'gold' },
      { name: 'tier', match: 'exact', value: 'GOLD' },
      { name: 'tier', match: 'substring', value: 'ol' },
      { name: 'tier', match: 'regex', value: '^g.l' },
      { name: 'tier', match: 'regex', value: '(' },
      { name: 'score', match: 'range', value: '5:10' },
      { name: 'score', match: 'range', value: 'a:b' },
      { name: 'score', value: 7 },
      { name: 'score', value: '7' },
      { name: 'missing', match: 'exists' },
      { name: 'tier', match: 'exists' },
      { name: 'missing', value: 'x' },
      { name: '__proto__', match: 'exists' },
      { name: 'toString', match: 'exists' },
      { name: 'bare', value: 'b' },
      { name: 'tier', match: 'unknown-type', value: 'gold' },
      { id: '11', value: 'gold' },
      { id: '12', value: 'pro' },
      { id: '99', match: 'exists' },
      { name: 'tier', id: '11', value: 'gold' },
      { name: 'plan', value: 'pro' },
    ].map((condition) => ({ type: 'custom_attribute', ...condition }) as never);
    const profiles = [profile, {}, { attributes: null }, { attributes: { bare: 'b', tier: { value: 'gold' } } }, { attributes: { score: { value: 12, lastModified: 1 } } }];
    for (const options of [{}, { declaredOnly: true }]) {
      const plugin = booted(options) as unknown as {
        match(c: never, p: object): boolean | null;
        compile(c: never, d: never): (p: object) => boolean | null;
      };
      for (const condition of conditions) {
        const compiled = plugin.compile(condition, data);
        for (const fields of profiles) expect([condition, fields, compiled(fields)]).toEqual([condition, fields, plugin.match(condition, fields)]);
      }
    }
  });
});
