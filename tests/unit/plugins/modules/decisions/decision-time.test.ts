import { describe, expect, it } from 'vitest';
import { boot, project, visitorStandIn } from './helpers';

type Stamped = { decisionTimestamp: number };

describe('decisions: the decision time', () => {
  it('DEC-5 decisions of one synchronous run share one clock read; a decision in a later run reads the clock again', async () => {
    const t = boot([visitorStandIn().plugin], project({ namespace: 'shop' }));
    const started = t.clock.now();
    const first = t.decisions.decideLayer('L1', 'p1') as unknown as Stamped;
    t.clock.tick(0); // no time passes, but the run is over only at the microtask below
    const second = t.decisions.decideLayer('L2', 'p1') as unknown as Stamped;
    expect(first.decisionTimestamp).toBe(started);
    expect(second.decisionTimestamp).toBe(started);
    await t.clock.tickAsync(250);
    const later = t.decisions.decideLayer('L1', 'p1') as unknown as Stamped;
    expect(later.decisionTimestamp).toBe(started + 250);
  });
});
