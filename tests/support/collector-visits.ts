/**
 * Seeded tracker batches for the collector's rollup tests: visitors decided into experiments (some
 * holdbacks), exposures on each basis, goals with revenue or value before and after the decision, and
 * decisions sent again later with an earlier time (a late page's beacon), which moves when a visitor counts.
 */
import type { TrackerBatch } from '../../core/kinds/tracking';
import { normalizeBody } from '../../services/collector/normalize';
import { seeded } from './seeded';

/** `visitors` visitors of `projectId` in requests of one batch each, in the order a collector would receive them. */
export function rollupVisits(projectId: string, seed: number, visitors: number): TrackerBatch[] {
  const random = seeded(seed);
  let counter = 0;
  const uuid = () => `${seed}-${++counter}`;
  const batches: TrackerBatch[] = [];
  const batch = (visitorId: string, decisions: object[], events: object[]) =>
    normalizeBody(JSON.stringify({ account_id: 'acc', client_name: 'js', client_version: '1', project_id: projectId, revision: '1', visitors: [{ visitor_id: visitorId, attributes: [], snapshots: [{ decisions, events }] }] }))[0];
  for (let v = 0; v < visitors; v++) {
    const visitorId = `visitor-${v}`;
    for (const [experiment, variations] of [['X', ['A', 'B']], ['Y', ['C', 'D']]] as const) {
      if (random.next() < 0.3) continue;
      const at = 86_400_000 * (1 + random.int(5)) + random.int(1000);
      const variation = random.pick(variations);
      const decision = { campaign_id: `L-${experiment}`, experiment_id: experiment, variation_id: variation, is_campaign_holdback: random.next() < 0.1 };
      const decide = (time: number) => ({ entity_id: `L-${experiment}`, type: 'campaign_activated', timestamp: time, uuid: uuid() });
      const goals = Array.from({ length: random.int(5) }, () => ({
        entity_id: 'goal', key: random.pick(['buy', 'signup']), type: 'custom', timestamp: at - 300 + random.int(900), uuid: uuid(),
        ...(random.next() < 0.5 ? { revenue: random.int(50_000) } : random.next() < 0.5 ? { value: random.int(40) - 10 } : {}),
      }));
      const exposures = variations.filter(() => random.next() < 0.6).map((basis) => ({ entity_id: experiment, type: 'exposure', timestamp: at + random.int(300), uuid: uuid(), tags: { variation, basis } }));
      batches.push(batch(visitorId, [decision], [decide(at), ...goals, ...exposures]));
      // A decision stored later with an earlier time: the goals between the two times count from then on.
      if (random.next() < 0.2) batches.push(batch(visitorId, [decision], [decide(at - 200)]));
    }
  }
  return batches;
}
