/**
 * Audience evaluation speed: nanoseconds per `qualifies` call for a 3-condition custom-attribute
 * audience (the synchronous path: every field known), and per behaviour-rule evaluation over 1000
 * stored events. GrowthBook's `evalCondition` on the same three attribute tests is measured as a peer.
 */
import { evalCondition } from '@growthbook/growthbook';
import { definePlugin, type AudiencesModule, type Plugin } from '../../../core';
import type { BehaviourEvent } from '../../../core/kinds/visitor';
import { bootKernel } from '../../../core/testing';
import audiences from '../../../plugins/modules/audiences';
import behavior from '../../../plugins/audience-matchers/behavior';
import customAttribute from '../../../plugins/audience-matchers/custom-attribute';
import type { BenchRow, BenchSuite } from '../table';

/** Nanoseconds per call of `fn`, the best of a few rounds after a warm-up. */
const nsPerCall = (fn: () => unknown, calls = 200_000, rounds = 5): number => {
  for (let i = 0; i < calls / 10; i++) fn();
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / calls);
  }
  return best;
};

const attributes = {
  plan: { value: 'enterprise', lastModified: 0 },
  visits: { value: 12, lastModified: 0 },
  email: { value: 'ada@example.com', lastModified: 0 },
};

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 1);
const events: BehaviourEvent[] = Array.from({ length: 1000 }, (_, i) => ({
  n: i % 3 ? 'view' : 'purchase',
  y: 'custom',
  c: 'other',
  r: (i % 7) * 100,
  o: { color: i % 2 ? 'red' : 'blue' },
  t: NOW - (1000 - i) * (DAY / 20),
  s: 0,
  si: i > 990 ? 0 : -1,
}));

/** A stand-in visitor module (the bench measures the audiences module, not the visitor's storage). */
const visitor = definePlugin({
  type: 'apiModule',
  name: 'visitor',
  create: () => ({ attributes: () => attributes, segments: () => [], behaviourEvents: () => events, isFirstSession: () => false }),
}) as Plugin;

const data = {
  audiences: [
    {
      id: 'three',
      conditions: [
        'and',
        { type: 'custom_attribute', name: 'plan', value: 'enterprise' },
        { type: 'custom_attribute', name: 'visits', match: 'range', value: '10:' },
        { type: 'custom_attribute', name: 'email', match: 'substring', value: '@example.com' },
      ],
    },
    {
      id: 'buyers',
      conditions: [
        {
          type: 'behavior',
          value: {
            version: '0.2',
            filter: [{ field: ['name'], comparator: 'eq', value: 'purchase' }, { field: ['tags', 'color'], comparator: 'eq', value: 'red' }],
            pick: { field: ['revenue'] },
            reduce: { aggregator: 'sum' },
            test: { comparator: 'gt', value: 1000 },
          },
        },
      ],
    },
  ],
};

export const audienceEvaluation: BenchSuite = {
  name: 'audiences',
  title: 'Audience evaluation (ns per evaluation; lower is better)',
  run: async (): Promise<BenchRow[]> => {
    const t = bootKernel({ plugins: [audiences(), customAttribute(), behavior(), visitor], data: data as never, logLevel: 'OFF' });
    await t.settle();
    const module = t.get('audiences') as AudiencesModule;
    module.load();
    const three = ['three'];
    const buyers = ['buyers'];
    if (module.qualifies(three) !== true || module.qualifies(buyers) !== true) throw new Error('bench audiences do not qualify');
    const flat = { plan: 'enterprise', visits: 12, email: 'ada@example.com' };
    const condition = { plan: 'enterprise', visits: { $gte: 10 }, email: { $regex: '@example\\.com' } };
    return [
      {
        name: '3-condition custom-attribute audience',
        value: nsPerCall(() => module.qualifies(three)),
        unit: 'ns',
        peers: [{ name: 'GrowthBook evalCondition', value: nsPerCall(() => evalCondition(flat, condition)) }],
      },
      { name: 'behaviour rule over 1000 events', value: nsPerCall(() => module.qualifies(buyers), 2_000, 5), unit: 'ns' },
    ];
  },
};
