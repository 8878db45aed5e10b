/**
 * How a snippet's QA log reaches its explanations (plugins/modules/qa-log/access-part.ts, the `qa-log`
 * part): what happens before the part is here is explained once it is, in order; a part that cannot be
 * had is logged once and nothing more is attempted. The part is handed over through the window's part
 * registry, as a loaded part script registers itself.
 */
import { describe, expect, it } from 'vitest';
import type { PluginContext } from '../../../../../core';
import { definePlugin } from '../../../../../core/define';
import { bootKernel, flushPromises } from '../../../../../core/testing';
import { PARTS_GLOBAL, PARTS_VERSION } from '../../../../../plugins/_shared/parts';
import { explaining } from '../../../../../plugins/modules/qa-log/access-part';
import type { Explainer } from '../../../../../plugins/modules/qa-log/explain';

/** A kernel whose window's registry holds `part` as the qa-log part (or no window registry entry when undefined). */
const boot = (part: unknown) => {
  const win = { [PARTS_GLOBAL]: { v: PARTS_VERSION, ...(part === undefined ? {} : { 'qa-log': part }) } } as unknown as Window;
  let ctx: PluginContext | undefined;
  const probe = definePlugin({ type: 'apiModule', name: 'part_probe', setup: (context) => void (ctx = context), create: () => ({}) });
  const t = bootKernel({ plugins: [probe], win, validate: false });
  return { t, explain: explaining(ctx!) };
};

/** A part whose explainer records which explanation was asked, by name. */
const recordingPart = (asked: string[], made: PluginContext[] = []) => ({
  explainer: (ctx: PluginContext) => {
    made.push(ctx);
    return { tracked: (data: { name: string }) => asked.push(data.name) } as unknown as Explainer;
  },
});

const track = (name: string) => (explainer: Explainer) => explainer.tracked({ name } as never);

describe('QA log part access', () => {
  it('KRN-39 what happens before the part is loaded is explained once it is, in order; later lines at once', async () => {
    const asked: string[] = [];
    const made: PluginContext[] = [];
    const { explain } = boot(recordingPart(asked, made));
    explain(track('first'));
    explain(track('second'));
    expect(asked).toEqual([]);
    await flushPromises();
    expect(asked).toEqual(['first', 'second']);
    explain(track('third'));
    expect(asked).toEqual(['first', 'second', 'third']);
    // One explainer for the kernel, made once.
    expect(made).toHaveLength(1);
  });

  it('KRN-39 an explanation that throws is reported as a plugin error and the ones after it are still written', async () => {
    const asked: string[] = [];
    const { t, explain } = boot(recordingPart(asked));
    explain(() => {
      throw new Error('bad data');
    });
    explain(track('after'));
    await flushPromises();
    expect(asked).toEqual(['after']);
    expect(t.errors()).toEqual([expect.stringContaining('bad data')]);
  });

  it('KRN-39 a part without an explainer is logged once, and later explanations are dropped without trying again', async () => {
    const { t, explain } = boot({ notExplainer: true });
    explain(track('first'));
    await flushPromises();
    explain(track('second'));
    await flushPromises();
    const errors = t.logs.filter((line) => line.level === 'error').map((line) => line.text);
    expect(errors).toEqual([expect.stringContaining('the qa-log part has no explainer')]);
  });

  it('KRN-39 a part that cannot be loaded (no snippet address) is logged once with the loader\'s reason', async () => {
    const { t, explain } = boot(undefined);
    explain(track('first'));
    explain(track('second'));
    await flushPromises();
    explain(track('third'));
    await flushPromises();
    const errors = t.logs.filter((line) => line.level === 'error').map((line) => line.text);
    expect(errors).toEqual([expect.stringContaining('Failed to load the qa-log part')]);
  });
});
