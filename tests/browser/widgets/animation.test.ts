/** The animation loader in real Chromium with the real player (lottie-web) and the authored animations. */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { definePlugin, type PluginContext } from '../../../core';
import { showAnimation } from '../../../plugins/widgets/_shared/animation';
import { loadLibrary } from '../../../plugins/widgets/_shared/animation-libraries';
import { track, type Track } from '../../../plugins/widgets/_shared/track';
import useCaseSection from '../../../plugins/widgets/use-case-section';
import { toLottie } from '../../../services/routes/homepage-assets/scene';
import { sceneOf } from '../../../services/routes/homepage-assets/scenes';
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

/** What a test shows with the loader called directly: a fresh container on the page, and the player. */
const PLAYER_URL = `${LIBRARY_BASE}/${PLAYER_PATH}`;
const containers: HTMLElement[] = [];
afterEach(() => containers.splice(0).forEach((box) => box.remove()));
const container = () => {
  const box = document.createElement('div');
  document.body.append(box);
  containers.push(box);
  return box;
};
/** A new URL for each file, since the loader fetches a URL once per window. */
const jsonFile = (data: unknown) => URL.createObjectURL(new Blob([JSON.stringify(data)], { type: 'application/json' }));
const scene = () => toLottie(sceneOf('graph')) as unknown as Record<string, unknown>;
const without = (key: string) => Object.fromEntries(Object.entries(scene()).filter(([name]) => name !== key));
const request = (box: HTMLElement, path: string) => ({ container: box, path, fallback: ASSETS.graph.image, assetBase: '/', playerUrl: PLAYER_URL });
type Played = { wrapper: Element; loop: unknown; autoplay: boolean; currentFrame: number };
/** The player's own record of the animation it plays in `box` (the player the loader loaded for this window). */
const playedIn = async (t: Track, box: HTMLElement) =>
  (await loadLibrary<{ getRegisteredAnimations(): Played[] }>(t, PLAYER_URL, 'lottie')).getRegisteredAnimations().find((played) => box.contains(played.wrapper));

describe('animation loader, called by a widget', () => {
  it('WID-51 JSON without the width, height, frame count or layer list of an animation shows the image, with a warning naming the file', async () => {
    await page.viewport(1400, 900);
    const { kernel, t } = directTrack();
    for (const data of [{ message: 'hello' }, without('w'), without('h'), without('op'), { ...scene(), layers: 'none' }]) {
      const box = container();
      const path = jsonFile(data);
      expect(await showAnimation(t, request(box, path)).done, JSON.stringify(data).slice(0, 80)).toBe('image');
      expect(box.querySelector('svg')).toBeNull();
      expect(box.querySelector('img')!.getAttribute('src')).toBe(ASSETS.graph.image);
      expect(kernel.warnings().at(-1)).toBe(`Widget "test": animation ${path} not played (the file is not an animation); showing its image`);
    }
    expect(kernel.errors()).toEqual([]);
  });

  it('WID-52 at exactly 1270 px the animation plays; at 1269 px the image is shown', async () => {
    const { t } = directTrack();
    await page.viewport(1270, 900);
    const wide = container();
    expect(await showAnimation(t, request(wide, jsonFile(scene()))).done).toBe('animation');
    expect(wide.querySelector('.varia-animation svg')).not.toBeNull();
    await page.viewport(1269, 900);
    const narrow = container();
    expect(await showAnimation(t, request(narrow, jsonFile(scene()))).done).toBe('image');
  });

  it('WID-52 the static image: taken from the asset base unless its address is absolute or rooted, with its class and its text alternative', async () => {
    await page.viewport(1000, 900);
    const { t } = directTrack();
    const show = (fallback: string, alt?: string) => {
      const box = container();
      showAnimation(t, { container: box, path: 'animations/graph.json', fallback, alt, assetBase: '/assets/', playerUrl: PLAYER_URL });
      return box.querySelector('img')!;
    };
    const image = show('images/graph.svg');
    expect(image.getAttribute('src')).toBe('/assets/images/graph.svg');
    // The widgets' style sheets size the image by its class.
    expect(image.className).toBe('varia-animation-image');
    // Decorative unless the widget gives a text alternative.
    expect(image.getAttribute('alt')).toBe('');
    expect(show('images/graph.svg', 'A graph of documents').getAttribute('alt')).toBe('A graph of documents');
    expect(show('/static/graph.svg').getAttribute('src')).toBe('/static/graph.svg');
    expect(show(ASSETS.graph.image).getAttribute('src')).toBe(ASSETS.graph.image);
  });

  it('WID-52 a browser without matchMedia still gets the static image on a narrow screen', async () => {
    await page.viewport(1000, 900);
    const { t } = directTrack();
    const original = window.matchMedia;
    (window as unknown as { matchMedia: unknown }).matchMedia = undefined;
    try {
      const box = container();
      expect(await showAnimation(t, request(box, jsonFile(scene()))).done).toBe('image');
      expect(box.querySelector('img')).not.toBeNull();
    } finally {
      window.matchMedia = original;
    }
  });

  it('a widget that takes its animation away before the file arrives leaves the container empty, animation or not', async () => {
    await page.viewport(1400, 900);
    const { kernel, t } = directTrack();
    for (const data of [scene(), { message: 'not an animation' }]) {
      const box = container();
      const handle = showAnimation(t, request(box, jsonFile(data)));
      handle.destroy();
      expect(await handle.done).toBe('none');
      expect(box.childNodes).toHaveLength(0);
    }
    expect(kernel.errors()).toEqual([]);
  });

  it('the animation plays by itself, set to start over at its end', async () => {
    await page.viewport(1400, 900);
    const { t } = directTrack();
    const box = container();
    expect(await showAnimation(t, request(box, jsonFile(scene()))).done).toBe('animation');
    const played = (await playedIn(t, box))!;
    expect(played.loop).toBe(true);
    expect(played.autoplay).toBe(true);
    await expect.poll(() => played.currentFrame).toBeGreaterThan(0);
  });

  it('WID-51 an animation the player gives up on after it started (a segment file it cannot load) is replaced by the image', async () => {
    await page.viewport(1400, 900);
    const { t } = directTrack();
    const box = container();
    expect(await showAnimation(t, request(box, jsonFile({ ...scene(), segments: [{ time: 0 }] }))).done).toBe('animation');
    await expect.poll(() => box.querySelector('img')?.getAttribute('src')).toBe(ASSETS.graph.image);
    expect(box.querySelector('.varia-animation')).toBeNull();
  });
});
