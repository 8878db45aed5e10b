import { it } from 'vitest';
import { bootKernel } from '../../../core/testing';
it('probe', async () => {
  const t = bootKernel({ data: { layers: [{ id: 'l1', name: 'Hero', policy: 'single_experiment', experiments: [] }] } as any });
  await t.settle();
  console.log(JSON.stringify(t.logs, null, 1), t.errors(), t.lifecycle());
  const w = bootKernel({ data: { events: [{ id: 'e1', apiName: 'x', category: 'other', eventType: 'custom', extra: 1 }], dimensions: [], unknownTop: 3 } as any });
  await w.settle();
  console.log(JSON.stringify(w.logs, null, 1), w.errors(), w.lifecycle());
});
