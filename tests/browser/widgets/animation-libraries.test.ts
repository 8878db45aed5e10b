/**
 * The libraries and data the widgets load on demand (plugins/widgets/_shared/animation-libraries.ts),
 * in real Chromium from the test server: the real animation player, a library script that works only
 * from its second load (tests/browser/fixtures/late-library.js), files that are not there. The page's
 * `fetch` is the platform's, watched to see what the loader asked for.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootKernel } from '../../../core/testing';
import { joinUrl, loadLibrary, loadText } from '../../../plugins/widgets/_shared/animation-libraries';
import { track } from '../../../plugins/widgets/_shared/track';
import { contextPlugin } from '../../unit/core/kernel/helpers';
import { LIBRARY_BASE, PLAYER_PATH } from './use-case-kit';

const PLAYER = `${LIBRARY_BASE}/${PLAYER_PATH}`;
const LATE_LIBRARY = '/tests/browser/fixtures/late-library.js';
const MISSING_SCRIPT = '/tests/browser/fixtures/no-such-library.js';
const DATA = '/tests/browser/fixtures/tiny-animation.json';
const MISSING_DATA = '/tests/browser/fixtures/no-such-animation.json';

/** A widget's track on a real kernel in this window. */
const widgetTrack = () => {
  const probe = contextPlugin();
  bootKernel({ win: window, plugins: [probe.plugin] });
  return track('probe_widget', { meta: { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: 'p' }, win: window, ctx: probe.ctx() });
};

const scripts = (src: string) => [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) => script.getAttribute('src') === src);
const rejection = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: Error) => error.message);

/** Records the page's fetches (and still makes them) until `restore`. */
const watchFetch = () => {
  const original = window.fetch;
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    return original.call(window, input, init);
  };
  return { calls, restore: () => void (window.fetch = original) };
};
let restoreFetch = () => {};
afterEach(() => restoreFetch());

describe('libraries loaded on demand', () => {
  it('WID-53 the player asked for by several widgets at once is one script, async, in the page\'s head', async () => {
    const t = widgetTrack();
    const [first, second] = await Promise.all([loadLibrary(t, PLAYER, 'lottie'), loadLibrary(t, PLAYER, 'lottie')]);
    expect(first).toBe((window as unknown as { lottie: unknown }).lottie);
    expect(second).toBe(first);
    const [script, ...others] = scripts(PLAYER);
    expect(others).toEqual([]);
    expect(script.parentNode).toBe(document.head);
    // Async: the player never holds up the page's own scripts.
    expect(script.async).toBe(true);
    expect(script.hasAttribute('async')).toBe(true);
  });

  it('WID-51 a library script that is not there fails with "could not load <url>", and the next show tries again', async () => {
    const t = widgetTrack();
    expect(await rejection(loadLibrary(t, MISSING_SCRIPT, 'Missing'))).toBe(`could not load ${MISSING_SCRIPT}`);
    expect(scripts(MISSING_SCRIPT)).toHaveLength(1);
    expect(await rejection(loadLibrary(t, MISSING_SCRIPT, 'Missing'))).toBe(`could not load ${MISSING_SCRIPT}`);
    expect(scripts(MISSING_SCRIPT)).toHaveLength(2);
  });

  it('WID-51 a script that loads without defining its library fails naming both; the next show loads it again, and it is used', async () => {
    const t = widgetTrack();
    expect(await rejection(loadLibrary(t, LATE_LIBRARY, 'LateLibrary'))).toBe(`${LATE_LIBRARY} did not define LateLibrary`);
    expect(await loadLibrary(t, LATE_LIBRARY, 'LateLibrary')).toEqual({ runs: 2 });
    expect(scripts(LATE_LIBRARY)).toHaveLength(2);
  });
});

describe('animation data loaded on demand', () => {
  it('WID-53 a file is fetched once per window, without cookies, however often it is shown', async () => {
    const watched = watchFetch();
    restoreFetch = watched.restore;
    const t = widgetTrack();
    const expected = await (await fetch(DATA)).text();
    const [first, second] = await Promise.all([loadText(t, DATA), loadText(t, DATA)]);
    expect(await loadText(t, DATA)).toBe(expected);
    expect([first, second]).toEqual([expected, expected]);
    const loaderCalls = watched.calls.filter((call) => call.init);
    expect(loaderCalls).toEqual([{ url: DATA, init: { credentials: 'omit' } }]);
  });

  it('WID-51 a file the server does not have fails naming the status, and the next show asks again', async () => {
    const watched = watchFetch();
    restoreFetch = watched.restore;
    const t = widgetTrack();
    expect(await rejection(loadText(t, MISSING_DATA))).toBe(`${MISSING_DATA} answered 404`);
    expect(await rejection(loadText(t, MISSING_DATA))).toBe(`${MISSING_DATA} answered 404`);
    expect(watched.calls.map((call) => call.url)).toEqual([MISSING_DATA, MISSING_DATA]);
  });
});

describe('library addresses', () => {
  it('WID-53 a base and a path are joined with exactly one slash, however many either side has', () => {
    expect(joinUrl('https://cdn.example/libs', 'lottie/player.js')).toBe('https://cdn.example/libs/lottie/player.js');
    expect(joinUrl('https://cdn.example/libs/', '/lottie/player.js')).toBe('https://cdn.example/libs/lottie/player.js');
    expect(joinUrl('https://cdn.example/libs//', '//lottie/player.js')).toBe('https://cdn.example/libs/lottie/player.js');
    expect(joinUrl('/node_modules///', 'swiper/swiper.css')).toBe('/node_modules/swiper/swiper.css');
  });
});
