import { describe, expect, it } from 'vitest';
import { createFakeWindow, eventsOf } from './fake-window';
import { bootTracker, visitorStandIn } from './setup';

const send = async (tags: unknown, properties?: unknown) => {
  const test = bootTracker({ batching: false });
  await test.t.settle();
  test.t.push(['event', 'buy', tags, properties]);
  await test.t.clock.tickAsync(0);
  return { ...test, sent: eventsOf(test.fake) };
};

describe('batch tracker: event validation', () => {
  it('TRK-19 ERR-2 revenue must be a number or numeric string; otherwise the event is refused with the catalogue text', async () => {
    const { sent, t } = await send({ revenue: 'lots' });
    expect(sent).toHaveLength(0);
    expect(t.errors()).toEqual(['tracker: Revenue argument lots not a number.']);
    expect((await send({ revenue: '12.9' })).sent[0].revenue).toBe(12);
  });

  it('TRK-20 revenue is floored', async () => {
    expect((await send({ revenue: 1999.99 })).sent[0].revenue).toBe(1999);
  });

  it('TRK-21 quantity is floored', async () => {
    expect((await send({ quantity: 2.7 })).sent[0].quantity).toBe(2);
  });

  it('TRK-22 TRK-24 ERR-48 a tag value that is null or an object is dropped and reported as a tracker error', async () => {
    const { sent, t } = await send({ good: 'yes', none: null, nested: { a: 1 }, list: [1] });
    expect(sent[0].tags).toEqual({ good: 'yes' });
    expect(t.errors()).toEqual(Array(3).fill('Bad value for eventTags/eventMetrics'));
    const error = t.events.find((event) => event.type == 'error')!;
    expect(error.data).toMatchObject({ tracker: 'batch', key: 'none' });
  });

  it('TRK-23 TRK-24 value and quantity must be numeric; a bad metric is dropped and reported', async () => {
    const { sent, t } = await send({ value: 'high', quantity: {} });
    expect(sent[0].value).toBeUndefined();
    expect(sent[0].quantity).toBeUndefined();
    expect(t.errors()).toEqual(['Bad value for eventTags/eventMetrics', 'Bad value for eventTags/eventMetrics']);
    expect((await send({ value: '4.25' })).sent[0].value).toBe(4.25);
  });

  it('TRK-25 custom event properties are capped at 15; extras are dropped', async () => {
    const properties = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, i]));
    const { sent } = await send({}, properties);
    expect(Object.keys(sent[0].properties!)).toEqual(Array.from({ length: 15 }, (_, i) => `p${i}`));
    const inTags = await send({ properties });
    expect(Object.keys(inTags.sent[0].properties!)).toHaveLength(15);
  });

  it('TRK-3 events of the project are tracked with their id and type; unknown names are not sent (ruling 16)', async () => {
    const { fake, t } = bootTracker({ batching: false });
    await t.settle();
    t.push({ type: 'event', eventName: 'cta_click' });
    t.push(['event', 'scroll_1']);
    await t.clock.tickAsync(0);
    expect(eventsOf(fake)).toEqual([expect.objectContaining({ entity_id: 'ev-cta', key: 'cta_click', type: 'click' })]);
  });

  it('TRK-3 every accepted event is emitted as tracking/eventTracked, sent or not', async () => {
    const { t } = bootTracker({}, { data: {} });
    await t.settle();
    t.push(['disable', 'tracking']);
    t.push(['event', 'buy', { revenue: 10, color: 'red' }]);
    t.push(['event', 'not_defined']);
    const tracked = t.events.filter((event) => event.name == 'eventTracked').map((event) => event.data);
    expect(tracked).toEqual([
      { name: 'buy', type: 'custom', category: 'purchase', revenue: 10, tags: { color: 'red' }, time: t.clock.now(), uuid: expect.any(String) },
      expect.objectContaining({ name: 'not_defined', type: 'default' }),
    ]);
  });
});

describe('batch tracker: when nothing is tracked', () => {
  const pushAndWait = async (test: ReturnType<typeof bootTracker>) => {
    await test.t.settle();
    test.t.push(['event', 'buy']);
    await test.t.clock.tickAsync(20_000);
    test.fake.fire('pagehide');
    return test.fake.requests.length;
  };

  it('TRK-1 visitors whose user agent is a known bot are not tracked', async () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
      'curl/8.5.0',
    ]) {
      const test = bootTracker({}, { fake: createFakeWindow({ userAgent }) });
      expect(await pushAndWait(test), userAgent).toBe(0);
      expect((test.t.get('tracker') as { enabled(): boolean }).enabled()).toBe(false);
    }
  });

  it('TRK-2 the user agent is truncated to 350 characters before use', async () => {
    const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) ' + 'x'.repeat(340) + ' Googlebot';
    expect(await pushAndWait(bootTracker({}, { fake: createFakeWindow({ userAgent }) }))).toBe(1);
  });

  it('TRK-4 nothing is tracked in preview or with forced variations unless force tracking is set', async () => {
    expect(await pushAndWait(bootTracker({}, { fake: createFakeWindow({ search: '?varia_show_preview=true' }) }))).toBe(0);
    expect(await pushAndWait(bootTracker({}, { fake: createFakeWindow({ search: '?varia_force_variations=1' }) }))).toBe(0);
    const forced = '?varia_force_variations=1&varia_force_tracking=true';
    expect(await pushAndWait(bootTracker({}, { fake: createFakeWindow({ search: forced }) }))).toBe(1);
  });

  it('TRK-4 the controls module decides when present (stand-in for the controls plugin)', async () => {
    const controls = { type: 'apiModule' as const, name: 'controls', create: () => ({ trackingAllowed: () => false }) };
    expect(await pushAndWait(bootTracker({}, { before: [controls] }))).toBe(0);
  });

  it('TRK-4 nothing is tracked when tracking is disabled', async () => {
    const test = bootTracker({}, { queue: [['disable', 'tracking']] });
    expect(await pushAndWait(test)).toBe(0);
  });

  it('TRK-4 nothing is tracked when the visitor opted out (stand-in visitor module)', async () => {
    const visitor = visitorStandIn();
    const optedOut = { ...visitor, create: () => ({ ...visitor.create(), optedOut: () => true }) };
    expect(await pushAndWait(bootTracker({}, { before: [optedOut] }))).toBe(0);
  });

  it('TRK-18 failing to persist the visitor id disables tracking', async () => {
    const test = bootTracker({}, { fake: createFakeWindow({ noStorage: true }) });
    expect(await pushAndWait(test)).toBe(0);
    expect(test.t.logs.some((line) => line.text.includes('could not be persisted'))).toBe(true);
  });

  it('TRK-28 the visitor id comes from the visitor module when present', async () => {
    const test = bootTracker({ batching: false }, { before: [visitorStandIn()] });
    await test.t.settle();
    test.t.push(['event', 'buy']);
    await test.t.clock.tickAsync(0);
    const batch = JSON.parse(test.fake.requests[0].body);
    expect(batch.visitors[0].visitor_id).toBe('visitor-1');
    expect(batch.visitors[0].attributes).toEqual([{ e: 'attr-1', k: 'plan', t: 'custom', v: 'pro' }]);
  });
});
