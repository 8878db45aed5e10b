/** The animation loader in real Chromium with the real player (lottie-web) and the authored animations. */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { definePlugin, type PluginContext } from '../../../core';
import { showAnimation } from '../../../plugins/widgets/_shared/animation';
import { track } from '../../../plugins/widgets/_shared/track';
import useCaseSection from '../../../plugins/widgets/use-case-section';
import { boot, fixture, META, realClock } from './kit';
import { ASSETS, BROKEN_ANIMATION, LIBRARY_BASE, NOT_AN_ANIMATION, PLAYER_PATH, useCaseConfig } from './use-case-kit';

const q = (selector: string) => document.querySelector<HTMLElement>(selector);
const right = () => q('#use-case-section .vucs-right')!;
const playerScripts = () => document.querySelectorAll(`script[src*="lottie_light"]`).length;
const plugins: { hide(): void }[] = [];

/** A track on a real kernel's context, for calling the loader directly. */
const directTrack = () => {
  let captured: PluginContext | undefined;
  const capture = definePlugin({ type: 'apiModule', name: 'capture', setup: (ctx) => void (captured = ctx), create: () => ({}) });
  const t = boot([capture], { clock: realClock });
  return { kernel: t, t: track('test', { win: window, ctx: captured!, meta: META }) };
};

const showSection = async (width: number, overrides: Record<string, unknown> = {}) => {
  await page.viewport(width, 900);
  fixture();
  const plugin = useCaseSection();
  plugins.push(plugin);
  const t = boot([plugin], { clock: realClock });
  await t.show('use_case_section', useCaseConfig(overrides));
  await expect.poll(() => q('#use-case-section')).not.toBeNull();
  return t;
};

afterEach(async () => {
  for (const plugin of plugins.splice(0)) plugin.hide();
  await page.viewport(1280, 800);
});

describe('animation loader', () => {
  it('WID-52 below 1270 px the static image is shown and the player is not even loaded', async () => {
    await showSection(1269);
    await expect.poll(() => right().querySelector('img')?.getAttribute('src')).toBe(ASSETS.vector_search.image);
    expect(right().querySelector('svg')).toBeNull();
    expect(playerScripts()).toBe(0);
  });

  it('WID-53 WID-37 at 1270 px and up the real player plays the topic\'s animation, loaded once for every tab', async () => {
    const t = await showSection(1280);
    await expect.poll(() => right().querySelector('.varia-animation svg')).not.toBeNull();
    expect(right().querySelector('img')).toBeNull();
    // The player draws the authored scene: its 560x420 view box.
    expect(right().querySelector('.varia-animation svg')!.getAttribute('viewBox')).toBe('0 0 560 420');
    for (const index of [1, 2, 3]) {
      q(`#use-case-section [data-index="${index}"]`)!.click();
      await expect.poll(() => right().querySelectorAll('.varia-animation svg').length).toBe(1);
    }
    expect(playerScripts()).toBe(1);
    expect(t.warnings()).toEqual([]);
  });

  it('WID-51 a broken animation file shows the static image instead, with a warning', async () => {
    const t = await showSection(1400, { vector_search_animation: BROKEN_ANIMATION });
    await expect.poll(() => right().querySelector('img')?.getAttribute('src')).toBe(ASSETS.vector_search.image);
    expect(right().querySelector('svg')).toBeNull();
    expect(t.warnings().join('\n')).toMatch(/animation .* not played/);
    expect(t.errors()).toEqual([]);
  });

  it('WID-51 JSON that is not an animation, and a file that is not there, also show the static image', async () => {
    await showSection(1400, { vector_search_animation: NOT_AN_ANIMATION, stream_processing_animation: 'http://127.0.0.1:9/missing.json' });
    await expect.poll(() => right().querySelector('img')?.getAttribute('src')).toBe(ASSETS.vector_search.image);
    q('#use-case-section [data-index="1"]')!.click();
    await expect.poll(() => right().querySelector('img')?.getAttribute('src'), { timeout: 10_000 }).toBe(ASSETS.stream_processing.image);
    expect(right().querySelector('svg')).toBeNull();
  });

  it('WID-51 a player script that fails to load shows the static image', async () => {
    delete (window as unknown as Record<string, unknown>).lottie;
    await showSection(1400, { playerPath: 'no-such-player/player.js', libraryBase: 'http://127.0.0.1:9' });
    await expect.poll(() => right().querySelector('img')?.getAttribute('src'), { timeout: 10_000 }).toBe(ASSETS.vector_search.image);
  });

  it('WID-50 without a container, a path or a fallback image the loader does nothing', async () => {
    await page.viewport(1400, 900);
    const { t } = directTrack();
    const box = document.createElement('div');
    document.body.append(box);
    const request = { container: box, path: ASSETS.graph.animation, fallback: ASSETS.graph.image, assetBase: '/', playerUrl: `${LIBRARY_BASE}/${PLAYER_PATH}` };
    for (const missing of [{ container: null }, { path: '' }, { fallback: '' }]) {
      expect(await showAnimation(t, { ...request, ...missing }).done).toBe('none');
      expect(box.childNodes).toHaveLength(0);
    }
    const handle = showAnimation(t, request);
    expect(await handle.done).toBe('animation');
    handle.destroy();
    expect(box.childNodes).toHaveLength(0);
    box.remove();
  });
});
