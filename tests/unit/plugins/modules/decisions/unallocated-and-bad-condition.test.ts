/**
 * Rulings 21 and 22: unallocated traffic and one malformed condition do not switch a project off.
 * An Optimizely-style range with an empty entityId builds into a snippet and decides "no variation";
 * a malformed audience condition stops the build, but in data given at run time it is unknown (with a
 * warning naming it) and everything else runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AudiencesModule, DecisionsModule } from '../../../../../core';
import type { LayerState } from '../../../../../core/project/types';
import { bootKernel } from '../../../../../core/testing';
import { buildSnippet } from '../../../../../compiler/build';
import audiences from '../../../../../plugins/modules/audiences';
import customAttribute from '../../../../../plugins/audience-matchers/custom-attribute';
import { DECIDERS, visitorStandIn } from './helpers';
import decisions from '../../../../../plugins/modules/decisions';

// ppid1 + 1886780721 is bucket 5254 (ruling 1): in the second half.
const optimizelyLayer = (ranges: Array<{ entityId: string; endOfRange: number }>) => ({
  id: 'L1',
  policy: 'single_experiment',
  experiments: [{ id: '1886780721', variations: [{ id: 'v-a', actions: [] }, { id: 'v-b', actions: [] }], weightDistributions: ranges }],
});

const bootDecisions = (data: Record<string, unknown>, attributes: Record<string, unknown> = {}) => {
  const visitor = visitorStandIn({ bucketingId: 'ppid1', attributes });
  const t = bootKernel({ plugins: [...DECIDERS, decisions(), audiences(), customAttribute(), visitor.plugin], data: { namespace: 'ns', ...data } });
  return Object.assign(t, { decisions: t.get('decisions') as DecisionsModule });
};

describe('unallocated traffic (ruling 21)', () => {
  it('DEC-26 a visitor whose bucket falls in an empty-entityId range gets no variation; the project runs', () => {
    const t = bootDecisions({ layers: [optimizelyLayer([{ entityId: 'v-a', endOfRange: 5000 }, { entityId: '', endOfRange: 10000 }])] });
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([]);
    const state = t.decisions.decideLayer('L1') as LayerState;
    expect(state.decision).toMatchObject({ experimentId: '1886780721', variationId: null, error: null, reason: 'unallocated' });
    expect(t.logs.some((line) => line.level === 'debug' && line.text.includes('unallocated traffic of experiment 1886780721'))).toBe(true);
  });

  it('DEC-29 a range naming a variation the experiment lacks is unallocated (no decision error), not a refusal of the project', () => {
    const t = bootDecisions({ layers: [optimizelyLayer([{ entityId: 'v-a', endOfRange: 5000 }, { entityId: 'v-deleted', endOfRange: 10000 }])] });
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([]);
    expect(t.logs.some((line) => line.level === 'warn' && line.text.includes('"v-deleted" names no variation'))).toBe(true);
    const state = t.decisions.decideLayer('L1') as LayerState;
    expect(state.decision).toMatchObject({ variationId: null, error: null, reason: 'unallocated' });
  });

  it('DEC-26 a project with Optimizely\'s unallocated ranges builds into a snippet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-unallocated-'));
    const file = join(dir, 'project.json');
    const data = { projectId: 'unallocated', accountId: 'a', revision: 1, layers: [optimizelyLayer([{ entityId: 'v-a', endOfRange: 3000 }, { entityId: '', endOfRange: 10000 }])] };
    writeFileSync(file, JSON.stringify({ data, plugins: ['deciders/single-experiment', 'modules/decisions'] }));
    const built = await buildSnippet(file, join(dir, 'out.js'));
    expect(built.projectId).toBe('unallocated');
  }, 60_000);
});

describe('one malformed condition (ruling 22)', () => {
  const bad = { type: 'custom_attribute', name: 'age', match: 'range', value: 'ten:twenty' };
  const good = { type: 'custom_attribute', name: 'plan', match: 'exact', value: 'pro' };
  const data = {
    audiences: [
      { id: 'au-or', conditions: ['or', good, bad] },
      { id: 'au-and', conditions: ['and', good, bad] },
      { id: 'au-good', conditions: [good] },
    ],
  };

  it('KRN-9 in data given at run time a malformed condition is unknown with a warning naming it, and the rest runs', () => {
    const t = bootKernel({ plugins: [audiences(), customAttribute(), visitorStandIn({ attributes: { plan: 'pro', age: 15 } }).plugin], data: structuredClone(data) as never });
    expect(t.logs.filter((line) => line.level === 'error')).toEqual([]);
    const warning = t.logs.find((line) => line.level === 'warn' && line.text.includes('audiences[0].conditions[2]'));
    expect(warning?.text).toContain('the condition is unknown');
    const module = t.get('audiences') as AudiencesModule;
    expect(module.qualifies(['au-or'])).toBe(true);
    // and(true, unknown) is unknown: it does not qualify, but it is not an error either.
    expect(module.qualifies(['au-and'])).toBe(false);
    expect(module.qualifies(['not', 'au-and'])).toBe(false);
    expect(module.qualifies(['au-good'])).toBe(true);
  });

  it('KRN-9 a malformed condition is still refused when the snippet is built (the author sees it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'varia-bad-condition-'));
    const file = join(dir, 'project.json');
    writeFileSync(file, JSON.stringify({ data: { projectId: 'bad', accountId: 'a', revision: 1, ...data }, plugins: ['modules/audiences', 'audience-matchers/custom-attribute'] }));
    await expect(buildSnippet(file, join(dir, 'out.js'))).rejects.toThrow(/audiences\[0\]\.conditions\[2\]/);
  }, 60_000);

  it('KRN-9 a problem outside any condition still refuses data given at run time', () => {
    const t = bootKernel({ plugins: [audiences(), customAttribute()], data: { audiences: [{ id: 'au', conditions: 'not a list' }] } as never });
    expect(t.logs.some((line) => line.level === 'error' && line.text.includes('audiences[0].conditions'))).toBe(true);
  });
});
