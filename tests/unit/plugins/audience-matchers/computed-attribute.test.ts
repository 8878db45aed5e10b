/**
 * CFG-18: a visitor attribute with a rule (`rule_json` as the spec writes it, or `ruleJson`) is computed
 * from the visitor's behaviour events, and custom_attribute conditions compare the computed value; an
 * invalid rule is reported at validation and unknown at run time.
 */
import { describe, expect, it } from 'vitest';
import { bootAudiences, checkWith, event } from '../modules/audiences/helpers';
import customAttribute from '../../../../plugins/audience-matchers/custom-attribute';

const NOW = Date.UTC(2026, 0, 1); // the test kit's fake clock starts here
const purchases = { version: '0.2', filter: [{ field: ['name'], comparator: 'eq', value: 'purchase' }], reduce: { aggregator: 'count' } };
const favourite = { version: '0.2', filter: [{ field: ['name'], comparator: 'eq', value: 'purchase' }], pick: { field: ['tags', 'color'] }, sort: [{ field: ['frequency'], direction: 'descending' }], reduce: { aggregator: 'nth', n: 0 } };

const project = (attributes: unknown[]) => ({
  visitorAttributes: attributes,
  audiences: [
    { id: 'buyers', conditions: [{ type: 'custom_attribute', name: 'purchases', match: 'ge', value: 2 }] },
    { id: 'red-lovers', conditions: [{ type: 'custom_attribute', id: 'a-fav', match: 'exact', value: 'red' }] },
  ],
});

describe('visitor attributes computed from their rule (CFG-18)', () => {
  it('CFG-18 rule_json (text, spec spelling) and ruleJson (object) give the attribute its value from behaviour events', () => {
    const data = project([
      { id: 'a-purchases', name: 'purchases', rule_json: JSON.stringify(purchases) },
      { id: 'a-fav', name: 'favourite_color', ruleJson: favourite },
    ]);
    const two = [event('purchase', NOW - 5000, { o: { color: 'red' } }), event('view', NOW - 4000), event('purchase', NOW - 3000, { o: { color: 'red' } }), event('purchase', NOW - 2000, { o: { color: 'blue' } })];
    const t = bootAudiences({ data: data as never, visitor: { events: two, attributes: { purchases: { value: 0, lastModified: 0 } } } });
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([]);
    expect(t.audiences.qualifies(['buyers'])).toBe(true);
    expect(t.audiences.qualifies(['red-lovers'])).toBe(true);
    t.visitor.events.splice(0, 4, event('purchase', NOW - 1000, { o: { color: 'blue' } }));
    // A new pass of a new page: the compiled audiences read the live profile.
    expect(t.audiences.evaluate([{ type: 'custom_attribute', name: 'purchases', match: 'ge', value: 2 }])).toBe(false);
    expect(t.audiences.evaluate([{ type: 'custom_attribute', name: 'favourite_color', match: 'exact', value: 'red' }])).toBe(false);
  });

  it('CFG-18 an invalid rule is reported at validation and unknown at run time', () => {
    const data = { visitorAttributes: [{ id: 'a-bad', name: 'bad', rule_json: '{"version":"0.2","reduce":{"aggregator":"median"}}' }] };
    expect(checkWith(customAttribute(), { type: 'custom_attribute', name: 'bad', match: 'exists' }, data)[0]).toMatch(/^The rule of visitor attribute "bad": /);
    const t = bootAudiences({ data: data as never, validate: false, visitor: { events: [event('purchase', NOW - 1000)] } });
    expect(t.audiences.evaluate([{ type: 'custom_attribute', name: 'bad', match: 'exists' }])).toBe(false);
    expect(t.audiences.evaluate([{ type: 'custom_attribute', name: 'bad', match: 'exact', value: 1 }])).toBeNull();
  });
});
