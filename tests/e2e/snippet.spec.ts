/**
 * The built snippet of the example project (config/, projectId `example`) on its demo page,
 * served by the local services under a strict Content-Security-Policy.
 */
import { expect, test } from '../support/e2e-fixtures';
import { lifecycleEvents, recordLifecycleEvents, type EventEmitterModule, type VariaApi, type VariaWindow } from '../support/varia-page';

const DEMO_PATH = '/demo/example';

test.describe('example snippet on its demo page', () => {
  test('loads with no console errors, failed requests, page errors or CSP violations', async ({ page, pageProblems }) => {
    await recordLifecycleEvents(page);
    await page.goto(DEMO_PATH);
    // Activation may finish after `load`: wait for it, so late errors are caught too.
    await expect.poll(() => lifecycleEvents(page)).toContain('activated');

    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    // The page queues only known calls, so a warning (e.g. an ignored push) means a regression.
    expect(pageProblems.consoleWarnings).toEqual([]);
    expect(pageProblems.failedRequests).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
  });

  test('KRN-21 after load window.varia is an object with push and get, and an array push runs at once', async ({ page }) => {
    await page.goto(DEMO_PATH);
    const result = await page.evaluate(() => {
      const win = window as unknown as VariaWindow;
      const isArray = Array.isArray(win.varia);
      const api = win.varia as VariaApi;
      const shape = { isArray, push: typeof api.push, get: typeof api.get };
      const calls: string[] = [];
      // The remaining elements are the call's arguments, in order: filter, handler.
      const token = api.push(['addListener', { type: 'e2e', name: 'ping' }, () => calls.push('ping')]);
      (api.get('event_emitter') as EventEmitterModule).emit({ type: 'e2e', name: 'ping' });
      return { shape, token, calls };
    });

    expect(result.shape).toEqual({ isArray: false, push: 'function', get: 'function' });
    expect(typeof result.token).toBe('string');
    expect(result.calls).toEqual(['ping']);
  });

  test('KRN-22 an object push runs with version defaulting to 1: addListener then removeListener', async ({ page }) => {
    await page.goto(DEMO_PATH);
    const result = await page.evaluate(() => {
      const api = (window as unknown as VariaWindow).varia as VariaApi;
      const emitter = api.get('event_emitter') as EventEmitterModule;
      const calls: string[] = [];
      const token = api.push({ type: 'addListener', filter: { type: 'e2e', name: 'ping' }, handler: () => calls.push('ping') });
      emitter.emit({ type: 'e2e', name: 'ping' });
      // An explicit version 1 is the same call as the default.
      api.push({ type: 'removeListener', version: 1, token });
      emitter.emit({ type: 'e2e', name: 'ping' });
      return { token, calls };
    });

    expect(typeof result.token).toBe('string');
    expect(result.calls).toEqual(['ping']);
  });

  test('KRN-23 a string push calls the named function without arguments: "activate" activates again', async ({ page }) => {
    await recordLifecycleEvents(page);
    await page.goto(DEMO_PATH);
    await expect.poll(() => lifecycleEvents(page)).toContain('activated');
    const before = (await lifecycleEvents(page)).filter((name) => name === 'activated').length;

    await page.evaluate(() => ((window as unknown as VariaWindow).varia as VariaApi).push('activate'));

    await expect
      .poll(async () => (await lifecycleEvents(page)).filter((name) => name === 'activated').length)
      .toBe(before + 1);
  });

  test('KRN-14 get("event_emitter") returns { on, off, emit } and a queued listener sees the lifecycle in order', async ({ page }) => {
    await recordLifecycleEvents(page);
    await page.goto(DEMO_PATH);
    await expect.poll(() => lifecycleEvents(page)).toContain('activated');

    const seen = await lifecycleEvents(page);
    const order = ['initialized', 'activate', 'viewsActivated', 'activated'].map((name) => seen.indexOf(name));
    expect(order.every((index) => index >= 0), `lifecycle seen: ${seen.join(', ')}`).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const emitter = await page.evaluate(() => {
      const module = ((window as unknown as VariaWindow).varia as VariaApi).get('event_emitter') as EventEmitterModule;
      const calls: unknown[] = [];
      const token = module.on({ filter: { type: 'e2e' }, handler: (event) => calls.push(event) });
      module.emit({ type: 'e2e', name: 'first', data: 1 });
      const removed = module.off(token);
      module.emit({ type: 'e2e', name: 'second', data: 2 });
      return {
        kind: typeof module,
        methods: [typeof module.on, typeof module.off, typeof module.emit],
        token,
        removed,
        calls,
      };
    });
    expect(emitter.kind).toBe('object');
    expect(emitter.methods).toEqual(['function', 'function', 'function']);
    expect(typeof emitter.token).toBe('string');
    expect(emitter.removed).toBe(true);
    expect(emitter.calls).toEqual([{ type: 'e2e', name: 'first', data: 1 }]);
  });
});

test.describe('example snippet: timeline module', () => {
  test('get("timeline") lists the lifecycle events seen, in order, with timestamps', async ({ page }) => {
    await recordLifecycleEvents(page);
    await page.goto(DEMO_PATH);
    await expect.poll(() => lifecycleEvents(page)).toContain('activated');

    const entries = await page.evaluate(() => {
      const timeline = ((window as unknown as VariaWindow).varia as VariaApi).get('timeline') as {
        entries(): Array<{ type: string; name: string; at: number }>;
      };
      return timeline.entries();
    });
    const lifecycle = entries.filter((entry) => entry.type === 'lifecycle');
    expect(lifecycle.map((entry) => entry.name)).toEqual(expect.arrayContaining(['initialized', 'activate', 'activated']));
    for (const entry of lifecycle) expect(Number.isFinite(entry.at)).toBe(true);
    const times = lifecycle.map((entry) => entry.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  test('the demo page shows the runtime timeline to a person', async ({ page }) => {
    await page.goto(DEMO_PATH);
    const panel = page.locator('#varia-panel');
    await expect(panel.locator('li').first()).toHaveText(/^lifecycle initialized \+0 ms$/);
    await expect(panel).toContainText('lifecycle activateDeferredDone');
  });
});
