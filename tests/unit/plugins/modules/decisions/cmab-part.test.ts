/**
 * The contextual bandit as a part of the whole preset (plugins/modules/decisions/cmab-part.ts): the decisions
 * plugin wants the part when the data has an experiment using the bandit policy (either spelling, on the
 * experiment, its metadata or its layer), fetches it before init, and the chooser answers through it; when
 * it cannot be had, a bandit experiment gets the normal bucketing decision and the loader's message is
 * logged once.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionResult, PluginContext } from '../../../../../core';
import { PARTS_GLOBAL, PARTS_VERSION } from '../../../../../plugins/_shared/parts';
import * as real from '../../../../../plugins/modules/decisions/cmab';
import * as standIn from '../../../../../plugins/modules/decisions/cmab-part';
import { ON_DEMAND_MODULES, PARTS } from '../../../../../compiler/snippet-parts';

const layer = (policy: Record<string, unknown> = {}, experiment: Record<string, unknown> = {}) => ({
  id: 'l',
  policy: 'single_experiment',
  ...policy,
  experiments: [{ id: 'e', variations: [{ id: 'v1' }, { id: 'v2' }], ...experiment }],
});
const fallback: DecisionResult = { experimentId: 'e', variationId: 'v1', reason: 'bucketed' } as DecisionResult;

/** A context in a window whose part registry holds `parts` (none: the part cannot be had, no snippet address). */
const contextOf = (parts?: Record<string, unknown>) => {
  const errors: string[] = [];
  const win = (parts ? { [PARTS_GLOBAL]: { v: PARTS_VERSION, ...parts } } : {}) as unknown as Window;
  const ctx = { win, clock: { now: () => 0, setTimeout: () => 0, clearTimeout: () => {} }, log: { error: (text: string) => errors.push(text) } } as unknown as PluginContext;
  return { ctx, errors };
};

describe('the contextual bandit as a part of the whole preset', () => {
  it('CMAB-1 the stand-in offers every function of the bandit module, and the part is built for the whole preset only', () => {
    const functions = (module: object) => Object.keys(module).filter((key) => typeof (module as Record<string, unknown>)[key] == 'function');
    expect(functions(real).filter((name) => !functions(standIn).includes(name) && name !== 'reusable')).toEqual([]);
    const part = PARTS.find((p) => p.name === standIn.CMAB_PART);
    expect(part?.fitted).toBe(false);
    expect(ON_DEMAND_MODULES.map((m) => [m.module, m.stub])).toContainEqual(['plugins/modules/decisions/cmab.ts', 'plugins/modules/decisions/cmab-part.ts']);
  });

  it('CMAB-1 the decisions plugin wants the part for a bandit experiment (either spelling, any level) and for no other data', () => {
    const plugin = standIn.withCmabPart({ type: 'apiModule', name: 'decisions' }, () => undefined) as unknown as { wanted(data: unknown): boolean };
    expect(plugin.wanted({ layers: [layer({}, { allocationPolicy: 'cmab' })] })).toBe(true);
    expect(plugin.wanted({ layers: [layer({ allocationPolicy: 'contextual-multi-arm-bandit' })] })).toBe(true);
    expect(plugin.wanted({ layers: [layer(), layer({}, { experimentMetadata: { allocationPolicy: 'cmab' } })] })).toBe(true);
    expect(plugin.wanted({ layers: [layer(), layer({}, { allocationPolicy: 'stats_accelerator' })] })).toBe(false);
    // Data from load is not checked yet: odd shapes are no bandit, never a throw.
    for (const odd of [undefined, null, 3, { layers: 'x' }, { layers: [null] }, { layers: [{ experiments: [null] }] }]) expect(plugin.wanted(odd)).toBe(false);
    // The bandit inline (a fitted snippet, Node): the plugin is unchanged.
    const inline = { type: 'apiModule' };
    expect(real.withCmabPart(inline, () => undefined)).toBe(inline);
    expect('swap' in inline).toBe(false);
  });

  it('CMAB-2 once the part is here the chooser answers through it, synchronously for a stored prediction', async () => {
    const asked: unknown[] = [];
    const part = {
      createCmab: () => ({
        choose: (_l: unknown, experiment: { id: string }) => (asked.push(experiment.id), { experimentId: experiment.id, variationId: 'v2', reason: 'cmab' }),
        settle: (_l: unknown, id: string | null) => asked.push(`settle ${id}`),
      }),
    };
    const { ctx, errors } = contextOf({ [standIn.CMAB_PART]: part });
    const plugin = standIn.withCmabPart({ type: 'apiModule', name: 'decisions' }, () => ctx) as unknown as { swap(): Promise<unknown> };
    await expect(plugin.swap()).resolves.toBe(plugin);
    const chooser = standIn.createCmab(ctx, {});
    const data = layer({}, { allocationPolicy: 'cmab' });
    expect(chooser.choose(data as never, data.experiments[0] as never, 'id', fallback)).toEqual({ experimentId: 'e', variationId: 'v2', reason: 'cmab' });
    chooser.settle(data as never, 'e');
    expect(asked).toEqual(['e', 'settle e']);
    expect(errors).toEqual([]);
  });

  it('CMAB-9 without the part a bandit experiment gets the normal bucketing decision, and the loader is logged once', async () => {
    const { ctx, errors } = contextOf();
    const plugin = standIn.withCmabPart({ type: 'apiModule', name: 'decisions' }, () => ctx) as unknown as { swap(): Promise<unknown> };
    await expect(plugin.swap()).rejects.toThrow(/decisions-cmab part/);
    const chooser = standIn.createCmab(ctx, {});
    const data = layer({}, { allocationPolicy: 'cmab' });
    expect(await chooser.choose(data as never, data.experiments[0] as never, 'id', fallback)).toBe(fallback);
    expect(await chooser.choose(data as never, data.experiments[0] as never, 'id', fallback)).toBe(fallback);
    expect(() => chooser.settle(data as never, 'e')).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/Failed to load the decisions-cmab part/);
  });
});
