import { describe, expect, it } from 'vitest';
import type { Experiment, Layer } from '../../../../core/project/types';
import equalPriority from '../../../../plugins/deciders/equal-priority';
import multivariate from '../../../../plugins/deciders/multivariate';
import singleExperiment from '../../../../plugins/deciders/single-experiment';
import { bucket } from '../../../../plugins/deciders/_shared';

const experiment = (id: string, variations = ['a', 'b', 'c', 'd']): Experiment => ({
  id,
  variations: variations.map((v) => ({ id: `${id}${v}`, actions: [] })),
  weightDistributions: variations.map((v, i) => ({ entityId: `${id}${v}`, endOfRange: Math.round((10000 / variations.length) * (i + 1)) })),
});
const quarter = (bucketingId: string, experimentId: string) => `${experimentId}${'abcd'[Math.floor(bucket(bucketingId, experimentId) / 2500)]}`;

describe('single_experiment and multivariate deciders', () => {
  it('DEC-27 use the first experiment only, its variation by weighted ranges over bucketingId + experimentId', () => {
    const layer: Layer = { id: 'L', policy: 'single_experiment', experiments: [experiment('E1'), experiment('E2')] };
    for (const decider of [singleExperiment, multivariate]) {
      for (const id of ['v1', 'v2', 'v3', 'ppid1']) {
        const result = decider.decide({ layer, eligible: layer.experiments, bucketingId: id });
        expect(result).toEqual({ experimentId: 'E1', variationId: quarter(id, 'E1') });
      }
      // Not eligible for the first: no experiment at all, even though the second qualifies.
      expect(decider.decide({ layer, eligible: [layer.experiments[1]], bucketingId: 'v1' })).toEqual({
        experimentId: null,
        variationId: null,
        error: 'Audience conditions failed for experiment',
      });
    }
    expect(singleExperiment.name).toBe('single_experiment');
    expect(multivariate.name).toBe('multivariate');
  });

  it('DEC-29 report decision errors: no experiments, no variations, no range', () => {
    const decide = (layer: Layer) => singleExperiment.decide({ layer, eligible: layer.experiments ?? [], bucketingId: 'ppid1' });
    expect(decide({ id: 'L', policy: 'single_experiment', experiments: [] }).error).toBe('No experiments in layer.');
    expect(decide({ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', variations: [] }] }).error).toBe('No variations in selected experiment');
    // ppid1 + 1886780721 is bucket 5254: past a range ending at 5000 (traffic not allocated).
    const partial: Experiment = { id: '1886780721', variations: [{ id: 'x', actions: [] }, { id: 'y', actions: [] }], weightDistributions: [{ entityId: 'x', endOfRange: 5000 }] };
    expect(decide({ id: 'L', policy: 'single_experiment', experiments: [partial] })).toMatchObject({ experimentId: '1886780721', variationId: null, error: 'Unable to choose candidate' });
    // A single variation needs no ranges.
    expect(decide({ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', variations: [{ id: 'only', actions: [] }] }] }).variationId).toBe('only');
  });
});

describe('unallocated traffic (ruling 21)', () => {
  it('DEC-26 a range with an empty entityId (Optimizely\'s unallocated traffic) gives no variation and no error', () => {
    // ppid1 + 1886780721 is bucket 5254: in the second range.
    const layer = { id: 'L', policy: 'single_experiment', experiments: [{ id: '1886780721', variations: [{ id: 'x', actions: [] }, { id: 'y', actions: [] }], weightDistributions: [{ entityId: 'x', endOfRange: 5000 }, { entityId: '', endOfRange: 10000 }] }] } as Layer;
    const result = singleExperiment.decide({ layer, eligible: layer.experiments!, bucketingId: 'ppid1' });
    expect(result).toEqual({ experimentId: '1886780721', variationId: null, reason: 'unallocated' });
    layer.experiments![0].weightDistributions = [{ entityId: 'x', endOfRange: 6000 }, { entityId: '', endOfRange: 10000 }];
    expect(singleExperiment.decide({ layer, eligible: layer.experiments!, bucketingId: 'ppid1' })).toEqual({ experimentId: '1886780721', variationId: 'x' });
  });

  it('DEC-29 a range naming a variation the experiment lacks is unallocated traffic, not a decision error', () => {
    const layer = { id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', variations: [{ id: 'x', actions: [] }, { id: 'y', actions: [] }], weightDistributions: [{ entityId: 'gone', endOfRange: 10000 }] }] } as Layer;
    const result = singleExperiment.decide({ layer, eligible: layer.experiments!, bucketingId: 'ppid1' });
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ experimentId: 'E', variationId: null, reason: 'unallocated' });
  });
});

describe('equal_priority decider', () => {
  const layer = (groups: string[][], weights?: Record<string, number>, ids = ['E1', 'E2', 'E3']): Layer => ({
    id: 'LAYER',
    policy: 'equal_priority',
    decisionMetadata: { experimentPriorities: groups, experimentWeights: weights },
    experiments: ids.map((id) => experiment(id)),
  });

  it('DEC-24 fails without decisionMetadata.experimentPriorities', () => {
    const bare: Layer = { id: 'L', policy: 'equal_priority', experiments: [experiment('E1')] };
    expect(equalPriority.decide({ layer: bare, eligible: bare.experiments, bucketingId: 'v' }).error).toBe('No decisionMetadata.experimentPriorities on layer.');
    expect(equalPriority.name).toBe('equal_priority');
  });

  it('DEC-24 walks the priority groups in order: the first group holding an eligible experiment decides', () => {
    const l = layer([['E1'], ['E2', 'E3']]);
    expect(equalPriority.decide({ layer: l, eligible: l.experiments, bucketingId: 'v' }).experimentId).toBe('E1');
    expect(equalPriority.decide({ layer: l, eligible: [l.experiments[1], l.experiments[2]], bucketingId: 'v' }).experimentId).toMatch(/E2|E3/);
    expect(equalPriority.decide({ layer: l, eligible: [], bucketingId: 'v' }).error).toBe('No eligible experiment and variation found.');
    // Priority items may also be objects naming the experiment in entityId.
    const objects: Layer = { ...l, decisionMetadata: { experimentPriorities: [[{ entityId: 'E3', endOfRange: null }]] } };
    expect(equalPriority.decide({ layer: objects, eligible: objects.experiments, bucketingId: 'v' }).experimentId).toBe('E3');
  });

  it('DEC-25 draws the experiment by weighted ranges over 10000 with bucketingId + layerId, then the variation with bucketingId + experimentId', () => {
    const l = layer([['E1', 'E2', 'E3']], { E1: 2000, E2: 3000, E3: 5000 });
    const counts: Record<string, number> = { E1: 0, E2: 0, E3: 0 };
    for (let i = 0; i < 3000; i++) {
      const id = `visitor-${i}`;
      const b = bucket(id, 'LAYER');
      const expected = b < 2000 ? 'E1' : b < 5000 ? 'E2' : 'E3';
      const result = equalPriority.decide({ layer: l, eligible: l.experiments, bucketingId: id });
      expect(result.experimentId).toBe(expected);
      expect(result.variationId).toBe(quarter(id, expected));
      counts[expected]++;
    }
    expect(counts.E1 / 3000).toBeCloseTo(0.2, 1);
    expect(counts.E3 / 3000).toBeCloseTo(0.5, 1);
  });

  it('DEC-25 ranges cover only the eligible experiments of the group; past them nobody is bucketed', () => {
    const l = layer([['E1', 'E2']], { E1: 5000, E2: 5000 });
    for (let i = 0; i < 200; i++) {
      const id = `v${i}`;
      const result = equalPriority.decide({ layer: l, eligible: [l.experiments[1]], bucketingId: id });
      if (bucket(id, 'LAYER') < 5000) expect(result.experimentId).toBe('E2');
      else expect(result).toMatchObject({ experimentId: null, error: 'Unable to find experiment to bucket user into' });
    }
  });

  it('DEC-25 without weights the group is split equally among its eligible experiments', () => {
    const l = layer([['E1', 'E2', 'E3']]);
    const seen = new Set<string | null>();
    for (let i = 0; i < 300; i++) seen.add(equalPriority.decide({ layer: l, eligible: l.experiments, bucketingId: `v${i}` }).experimentId);
    expect([...seen].sort()).toEqual(['E1', 'E2', 'E3']);
    const id = 'ppid1';
    const b = bucket(id, 'LAYER');
    expect(equalPriority.decide({ layer: l, eligible: l.experiments, bucketingId: id }).experimentId).toBe(b < 3333 ? 'E1' : b < 6666 ? 'E2' : 'E3');
  });

  it('ERR-57 weights on some but not all of a group, or summing past 10000, are ignored with a warning', () => {
    const partial = layer([['E1', 'E2']], { E1: 9000 });
    const result = equalPriority.decide({ layer: partial, eligible: partial.experiments, bucketingId: 'v' });
    expect(result.warnings?.[0]).toMatch(/all or none of the experiments must have weights/);
    const b = bucket('v', 'LAYER');
    expect(result.experimentId).toBe(b < 5000 ? 'E1' : 'E2');
    const over = layer([['E1', 'E2']], { E1: 6000, E2: 6000 });
    expect(equalPriority.decide({ layer: over, eligible: over.experiments, bucketingId: 'v' }).warnings?.[0]).toMatch(/sum to 12000, past 10000/);
  });

  it('DEC-29 an equal_priority layer without experiments fails with No experiments in layer.', () => {
    const empty: Layer = { id: 'L', policy: 'equal_priority', decisionMetadata: { experimentPriorities: [['E1']] }, experiments: [] };
    expect(equalPriority.decide({ layer: empty, eligible: [], bucketingId: 'v' }).error).toBe('No experiments in layer.');
  });

  it('exposes the shared bucket function so holdbacks use the same hash (ruling 3)', () => {
    expect(singleExperiment.bucket!('ppid1', '1886780721')).toBe(5254);
    expect(equalPriority.bucket).toBe(multivariate.bucket);
  });
});
