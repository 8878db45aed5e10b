import { describe, expect, it } from 'vitest';
import { boot, project, quarters, visitorStandIn } from './helpers';

const withBigIds = () => {
  const data = project();
  data.layers![0].experiments[0].variations.push({ id: '300', name: 'Big id', actions: [] });
  return data;
};
const run = async (call: unknown, data = withBigIds()) => {
  const visitor = visitorStandIn();
  const t = boot([visitor.plugin], data);
  await t.settle();
  t.push(call);
  return { t, visitor };
};

describe('bucketVisitor', () => {
  it('DEC-30 needs an experimentId', async () => {
    const { t, visitor } = await run({ type: 'bucketVisitor', variationId: 'v1b' });
    expect(t.errors()).toEqual(['An experimentId is required.']);
    expect(visitor.state.writes).toEqual([]);
  });

  it('DEC-31 needs exactly one of variationId or variationIndex', async () => {
    expect((await run({ type: 'bucketVisitor', experimentId: 'E1' })).t.errors()).toEqual(['One of a variationId or a variationIndex is required.']);
    expect((await run({ type: 'bucketVisitor', experimentId: 'E1', variationId: 'v1b', variationIndex: 1 })).t.errors()).toEqual([
      'One of a variationId or a variationIndex is required.',
    ]);
  });

  it('DEC-32 the layer, experiment and variation must exist', async () => {
    expect((await run({ type: 'bucketVisitor', experimentId: 'E404', variationId: 'v1b' })).t.errors()).toEqual(['Could not find experiment "E404"']);
    expect((await run({ type: 'bucketVisitor', experimentId: 'E1', variationId: 'v404' })).t.errors()).toEqual(['Could not find variation "v404"']);
    expect((await run({ type: 'bucketVisitor', experimentId: 'E1', variationIndex: 9 })).t.errors()).toEqual(['Could not find variation "9"']);
    expect((await run({ type: 'bucketVisitor', experimentId: 'E1', variationId: 'v1b', campaignId: 'L2' })).t.errors()).toEqual(['Could not find layer "L2"']);
  });

  it('DEC-33 a variation value above 256 is a variation id, 256 or less a variation index', async () => {
    const byIndex = await run(['bucketVisitor', 'E1', 2]);
    expect(byIndex.visitor.state.variationMap).toEqual({ L1: { E1: 'v1c' } });
    const byId = await run(['bucketVisitor', 'E1', 300]);
    expect(byId.visitor.state.variationMap).toEqual({ L1: { E1: '300' } });
    // 256 itself is still an index (and no experiment has 257 variations).
    expect((await run(['bucketVisitor', 'E1', 256])).t.errors()).toEqual(['Could not find variation "256"']);
  });

  it('DEC-16 the bucketed variation is then the visitor\'s preferred variation for the layer', async () => {
    const { t } = await run({ type: 'bucketVisitor', experimentId: 'E1', variationId: 'v1d', campaignId: 'L1' });
    expect(t.errors()).toEqual([]);
    const state = t.decisions.decideLayer('L1', 'p1') as unknown as { decision: { variationId: string; reason: string } };
    expect(state.decision).toMatchObject({ variationId: 'v1d', reason: 'sticky' });
  });

  it('DEC-34 bucketing without a bucketingId fails with bucketingId not set', async () => {
    const t = boot([visitorStandIn({ bucketingId: undefined }).plugin], withBigIds());
    await t.settle();
    t.push({ type: 'bucketVisitor', experimentId: 'E1', variationIndex: 0 });
    expect(t.errors()).toEqual(['bucketingId not set']);
  });

  it('DEC-16 in an equal_priority layer the call replaces the preferred experiment of the layer', async () => {
    const data = project();
    const visitor = visitorStandIn({ variationMap: { L2: { E2: 'v2a' } } });
    const t = boot([visitor.plugin], data);
    await t.settle();
    t.push({ type: 'bucketVisitor', experimentId: 'E3', variationIndex: 1 });
    expect(visitor.state.variationMap).toEqual({ L2: { E3: 'v3b' } });
    expect(quarters('x').variations).toHaveLength(4);
  });
});
