/**
 * The profile providers that read the page, in real Chromium: cookies, local and session storage,
 * the geolocation script, referrer and URL of a real frame. Each test boots a real kernel with the
 * audiences module, the matchers and the provider under test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AudiencesModule, Plugin } from '../../../core';
import { bootKernel } from '../../../core/testing';
import audiences from '../../../plugins/modules/audiences';
import cookiesMatcher from '../../../plugins/audience-matchers/cookies';
import listMatcher from '../../../plugins/audience-matchers/list';
import localStorageMatcher from '../../../plugins/audience-matchers/local-storage';
import locationMatcher from '../../../plugins/audience-matchers/location';
import referrerMatcher from '../../../plugins/audience-matchers/referrer';
import sessionStorageMatcher from '../../../plugins/audience-matchers/session-storage';
import sourceTypeMatcher from '../../../plugins/audience-matchers/source-type';
import cookies from '../../../plugins/profile-providers/cookies';
import device from '../../../plugins/profile-providers/device';
import list from '../../../plugins/profile-providers/list';
import geolocation from '../../../plugins/profile-providers/location';
import referrer from '../../../plugins/profile-providers/referrer';
import source from '../../../plugins/profile-providers/source';
import storage from '../../../plugins/profile-providers/storage';
import url from '../../../plugins/profile-providers/url';

const PREFIX = 'varia_test_aud_';
const FRAME_URL = '/tests/browser/fixtures/storage-frame.html';
const MATCHERS = [cookiesMatcher, listMatcher, localStorageMatcher, locationMatcher, referrerMatcher, sessionStorageMatcher, sourceTypeMatcher];
const frames: HTMLIFrameElement[] = [];

const boot = (plugins: Plugin[], win: Window = window, data: Record<string, unknown> = {}) => {
  const t = bootKernel({ plugins: [audiences(), ...MATCHERS, ...plugins], win, data });
  return { t, audiences: t.get('audiences') as AudiencesModule };
};

const openFrame = (src: string): Promise<Window> =>
  new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.onload = () => resolve(frame.contentWindow!);
    document.body.appendChild(frame);
    frames.push(frame);
  });

afterEach(() => {
  for (const name of document.cookie.split('; ').map((pair) => pair.split('=')[0])) {
    if (name.startsWith(PREFIX)) document.cookie = `${name}=; max-age=0; path=/`;
  }
  for (const store of [localStorage, sessionStorage]) {
    for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
  }
  frames.splice(0).forEach((frame) => frame.remove());
  delete (window as unknown as Record<string, unknown>).__variaGeoPush;
});

describe('profile providers in Chromium', () => {
  it('AUD-2 cookies conditions read the real document cookies', async () => {
    document.cookie = `${PREFIX}plan=${encodeURIComponent('pro plus')}; path=/`;
    const { t, audiences: a } = boot([cookies()]);
    await t.settle();
    a.load();
    expect(a.evaluate([{ type: 'cookies', name: `${PREFIX}plan`, value: 'pro plus' }])).toBe(true);
    expect(a.evaluate([{ type: 'cookies', name: `${PREFIX}none`, match: 'exists' }])).toBe(false);
  });

  it('HPC-31 HPC-32 storage conditions read real sessionStorage and localStorage, live', async () => {
    const { t, audiences: a } = boot([storage()]);
    await t.settle();
    a.load();
    const registered = { type: 'session_storage', name: `${PREFIX}segResponse.found_traits.registered`, value: true };
    expect(a.evaluate([registered])).toBeNull();
    sessionStorage.setItem(`${PREFIX}segResponse`, JSON.stringify({ found_traits: { registered: true } }));
    expect(a.evaluate([registered])).toBe(true);
    localStorage.setItem(`${PREFIX}traits`, JSON.stringify({ loggedIn: true }));
    expect(a.evaluate([{ type: 'local_storage', name: `${PREFIX}traits.loggedIn`, match: 'exists' }])).toBe(true);
    expect(a.evaluate([{ type: 'local_storage', name: `${PREFIX}traits.signup_source`, match: 'exists' }])).toBe(false);
  });

  it('AUD-22 list keys from a real cookie, the frame query and a JS variable', async () => {
    document.cookie = `${PREFIX}acct=acme; path=/`;
    const win = await openFrame(`${FRAME_URL}?zip=10115`);
    (win as unknown as Record<string, unknown>).shop = { region: 'emea' };
    const keys = [{ type: 'cookie', name: `${PREFIX}acct` }, { type: 'query', name: 'zip' }, { type: 'js', name: 'shop.region' }];
    const { t, audiences: a } = boot([list()], win, { listTargetingKeys: keys });
    await t.settle();
    a.load();
    expect(a.profile().listKeys).toEqual({ [`${PREFIX}acct`]: 'acme', zip: '10115', 'shop.region': 'emea' });
  });

  it('AUD-21 referrer and source type of a real frame: campaign parameters win; a same-site referrer is direct', async () => {
    const campaign = await openFrame(`${FRAME_URL}?utm_campaign=spring`);
    expect(campaign.document.referrer).toBe(window.location.href);
    const one = boot([referrer(), source(), url()], campaign);
    await one.t.settle();
    one.audiences.load();
    expect(one.audiences.profile().referrer).toBe(window.location.href);
    expect(one.audiences.profile().url).toBe(campaign.location.href);
    expect(one.audiences.evaluate([{ type: 'source_type', value: 'campaign' }])).toBe(true);
    const plain = await openFrame(FRAME_URL);
    const two = boot([source()], plain);
    await two.t.settle();
    two.audiences.load();
    expect(two.audiences.profile().sourceType).toBe('direct');
  });

  it('AUD-18 the geolocation script is loaded asynchronously and its answer decides location audiences', async () => {
    let kernelPush: ((call: unknown) => unknown) | undefined;
    (window as unknown as Record<string, unknown>).__variaGeoPush = (call: unknown) => kernelPush?.(call);
    const script = `window.__variaGeoPush(['geolocation', { ip: '203.0.113.7', location: 'AU|NSW|Sydney|OC|' }]);`;
    const scriptUrl = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
    const { t, audiences: a } = boot([geolocation({ scriptUrl })]);
    kernelPush = t.push;
    await t.settle();
    a.load();
    const result = a.evaluate([{ type: 'location', value: 'AU|NSW' }]);
    expect(result).toBeInstanceOf(Promise);
    expect(document.querySelector(`script[src="${scriptUrl}"]`)?.hasAttribute('async')).toBe(true);
    expect(await result).toBe(true);
    expect(a.profile().location).toMatchObject({ ip: '203.0.113.7', country: 'AU', city: 'Sydney' });
  });

  it('AUD-18 a geolocation script that fails to load gives unknown without waiting for the timeout', async () => {
    const { t, audiences: a } = boot([geolocation({ scriptUrl: '/no/such/geolocation.js' })]);
    await t.settle();
    a.load();
    const result = a.evaluate([{ type: 'location', value: 'AU' }]);
    expect(await result).toBeNull();
  });

  it('TRK-2 AUD-15 the real user agent, at most 350 characters, gives desktop_laptop in headless Chromium on Linux', async () => {
    const { t, audiences: a } = boot([device()]);
    await t.settle();
    a.load();
    expect(a.profile().userAgent).toBe(navigator.userAgent.slice(0, 350));
    expect(a.profile().device).toBe('desktop_laptop');
  });
});
