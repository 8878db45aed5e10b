import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../../../core/testing';
import rum, { type RumOptions } from '../../../../../plugins/trackers/rum';
import { createFakeWindow } from '../batch/fake-window';

const bootRum = async (options: RumOptions = {}, queue: unknown[] = []) => {
  const fake = createFakeWindow();
  Object.assign(fake.win, {
    performance: {
      getEntriesByType: (type: string) =>
        type == 'navigation'
          ? [{ toJSON: () => ({ domInteractive: 120, loadEventEnd: 300 }) }]
          : type == 'mark'
            ? [{ name: 'hero-visible', entryType: 'mark', startTime: 80, duration: 0 }]
            : [],
    },
  });
  fake.storage.set('varia_visitor', '{"id":"x"}');
  const t = bootKernel({ win: fake.win, plugins: [rum(options)], queue });
  await t.settle();
  return { fake, t };
};

describe('rum tracker: performance reporting', () => {
  it('TRK-43 TRK-44 one report, 3 s after load, POSTed with credentials with the documented fields', async () => {
    const { fake, t } = await bootRum({ sampleRate: 1 });
    await t.clock.tickAsync(2999);
    expect(fake.requests).toHaveLength(0);
    await t.clock.tickAsync(1);
    expect(fake.requests).toHaveLength(1);
    await t.clock.tickAsync(60_000);
    expect(fake.requests).toHaveLength(1);
    const report = JSON.parse(fake.requests[0].body);
    expect(fake.requests[0]).toMatchObject({ url: 'https://shop.example/v1/rum', method: 'POST' });
    expect(Object.keys(report).sort()).toEqual(
      ['extras', 'id', 'lsMetrics', 'navigationTimings', 'project', 'sampleRate', 'userTimings', 'v'].sort(),
    );
    expect(report).toMatchObject({
      v: '0.224.0',
      project: 'test-project',
      navigationTimings: { domInteractive: 120 },
      userTimings: [{ name: 'hero-visible', entryType: 'mark', startTime: 80, duration: 0 }],
      sampleRate: 1,
      lsMetrics: { keys: 1, bytes: 'varia_visitor'.length + '{"id":"x"}'.length },
    });
  });

  it('TRK-43 the report is sent with credentials', async () => {
    const fake = createFakeWindow();
    const inits: RequestInit[] = [];
    const fetch = fake.win.fetch;
    Object.assign(fake.win, { fetch: (url: string, init: RequestInit) => (inits.push(init), fetch(url, init)) });
    const t = bootKernel({ win: fake.win, plugins: [rum({ sampleRate: 1 })] });
    await t.clock.tickAsync(3000);
    expect(inits[0].credentials).toBe('include');
  });

  it('TRK-45 the report is sampled at 1 percent by default', async () => {
    let sent = 0;
    for (let i = 0; i < 1000; i++) {
      const fake = createFakeWindow();
      const t = bootKernel({ win: fake.win, plugins: [rum()] });
      t.clock.tick(3000);
      sent += fake.requests.length;
    }
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(35);
  });

  it('the rum call adds extras; force reports this page', async () => {
    const { fake, t } = await bootRum({ sampleRate: 0 }, [['rum', { force: true, abTest: 'hero' }]]);
    await t.clock.tickAsync(3000);
    expect(JSON.parse(fake.requests[0].body).extras).toEqual({ abTest: 'hero' });
  });
});
