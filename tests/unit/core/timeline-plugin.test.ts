import { describe, expect, it } from 'vitest';
import { bootKernel } from '../../../core/testing';
import timeline, { type TimelineModule } from '../../../plugins/modules/timeline';

describe('timeline plugin (the plugin guide example)', () => {
  it('KRN-37 get returns a plugin API module: the timeline of lifecycle events with times', async () => {
    const t = bootKernel({ plugins: [timeline()] });
    await t.settle();
    const entries = (t.get('timeline') as TimelineModule).entries();
    expect(entries.map((entry) => entry.name)).toEqual([
      'initialized',
      'activate',
      'viewsActivated',
      'activated',
      'activateDeferredDone',
    ]);
    expect(entries[0].at).toBe(t.clock.now());
  });

  it('records error events with their message and keeps only the newest entries', async () => {
    const t = bootKernel({ plugins: [timeline({ limit: 3 })] });
    await t.settle();
    t.push(['disable', 'everything']);
    const entries = (t.get('timeline') as TimelineModule).entries();
    expect(entries).toHaveLength(3);
    expect(entries.at(-1)).toMatchObject({ type: 'error', name: 'ApiError', detail: 'Unknown "scope" for disable' });
  });

  it('stops recording when the kernel is destroyed', async () => {
    const t = bootKernel({ plugins: [timeline()] });
    await t.settle();
    const module = t.get('timeline') as TimelineModule;
    const before = module.entries().length;
    t.kernel.destroy();
    // The emitter still delivers after destroy, so only the plugin's teardown keeps this out.
    (t.get('event_emitter') as { emit(event: object): void }).emit({ type: 'lifecycle', name: 'pageActivated' });
    expect(module.entries()).toHaveLength(before);
  });
});
