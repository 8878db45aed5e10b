/**
 * The cross-domain storage plugin with real frames and window messages in Chromium. The storage page
 * is the real one's script (plugins/storage/cross-domain/frame-script.ts) in a blob document; broken
 * pages (silent, answering ERROR, refusing our origin) and a foreign sandboxed frame are blob/srcdoc
 * documents too. The two-origin run against the local services is tests/e2e/cross-domain.spec.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootKernel } from '../../../core/testing';
import type { VisitorModule } from '../../../core/kinds/visitor';
import visitor from '../../../plugins/modules/visitor';
import cookie from '../../../plugins/storage/cookie';
import crossDomain, { type CrossDomainPlugin } from '../../../plugins/storage/cross-domain';
import { CLIENT_STORAGE_SCRIPT } from '../../../plugins/storage/cross-domain/frame-script';
import { MSG_NO_ACCESS } from '../../../plugins/storage/cross-domain/protocol';
import local from '../../../plugins/storage/local';
import { clearVaria } from './helpers';

const urls: string[] = [];
afterEach(() => {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
  urls.splice(0).forEach((url) => URL.revokeObjectURL(url));
  clearVaria();
});

/** A storage page as a blob document of this origin: the real script unless `script` is given. */
const storagePage = (options: { origins?: string[]; script?: string } = {}) => {
  const origins = JSON.stringify(options.origins ?? [location.origin]).replace(/"/g, '&quot;');
  const html = `<!doctype html><html data-account="acc" data-origins="${origins}"><head><script>${options.script ?? CLIENT_STORAGE_SCRIPT}</script></head><body></body></html>`;
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  urls.push(url);
  return url;
};
const ERROR_SCRIPT = `addEventListener('message', function (e) { e.source.postMessage({ varia_xds: 1, id: e.data.id, type: 'ERROR', message: 'boom' }, e.origin); });`;

const boot = (xds: CrossDomainPlugin, queue: unknown[] = []) =>
  bootKernel({ plugins: [local(), cookie(), xds, visitor()], win: window, queue, record: ['lifecycle', 'error'] });
const until = async (check: () => boolean, ms = 3000) => {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const storageFrame = () => document.querySelector<HTMLIFrameElement>('iframe[title="Varia storage"]');

describe('cross-domain storage', () => {
  it('XDS-1 XDS-3 XDS-4 XDS-5 XDS-6 XDS-7 XDS-8 XDS-11 a hidden frame syncs by messages with ids; originsSynced; the id is shared', async () => {
    const url = storagePage();
    const xds = crossDomain({ url });
    const first = boot(xds);
    await until(() => !!storageFrame());
    const frame = storageFrame()!;
    expect(frame.style.display).toBe('none');
    const seen: Array<{ type: string; id: number }> = [];
    frame.contentWindow!.addEventListener('message', (event) => seen.push(event.data));
    await first.settle();
    expect(first.lifecycle().slice(0, 3)).toEqual(['initialized', 'originsSynced', 'activate']);
    expect(xds.state()).toBe('synced');
    const id = (first.get('visitor') as VisitorModule).randomId()!;
    await until(() => seen.some((m) => m.type === 'PUT'));
    expect(await xds.fetch('visitor')).toMatchObject({ randomId: id });
    expect(seen.map((m) => m.type)).toEqual(['GETALL', 'PUT', 'GET']);
    expect(seen.every((m) => typeof m.id === 'number')).toBe(true);
    // XDS-3..5: PUT carries key and value, GET the key, GETALL nothing beyond its id and type.
    const fields = (type: string) => Object.keys(seen.find((m) => m.type === type)!).sort();
    expect(fields('GETALL')).toEqual(['id', 'type', 'varia_xds']);
    expect(fields('PUT')).toEqual(['id', 'key', 'type', 'value', 'varia_xds']);
    expect(fields('GET')).toEqual(['id', 'key', 'type', 'varia_xds']);

    // A new page of another origin: nothing of this visitor in its own cookies or local storage.
    first.kernel.destroy();
    document.cookie = 'varia_visitor_id=; max-age=0; path=/';
    localStorage.removeItem('varia_visitor_profile');
    const second = boot(crossDomain({ url }));
    await second.settle();
    expect((second.get('visitor') as VisitorModule).randomId()).toBe(id);

    // DELETE by visitor id forgets the shared record.
    const xds3 = crossDomain({ url });
    const third = boot(xds3);
    await third.settle();
    xds3.remove('visitor');
    await until(() => localStorage.getItem('varia_xds_acc_visitor') === null);
    expect(await xds3.fetch('visitor')).toBeNull();
  });

  it('XDS-1 where the browser grants storage access, the frame keeps values in the unpartitioned storage the Storage Access API hands it', async () => {
    // The handle's localStorage stands in for the unpartitioned store; the page's own localStorage must stay untouched.
    const script = `var granted = {}; window.__granted = granted;
      var fake = { getItem: function (k) { return k in granted ? granted[k] : null; }, setItem: function (k, v) { granted[k] = String(v); },
        removeItem: function (k) { delete granted[k]; }, key: function (i) { return Object.keys(granted)[i]; }, get length() { return Object.keys(granted).length; } };
      document.hasStorageAccess = function () { return Promise.resolve(true); };
      document.requestStorageAccess = function (types) { return Promise.resolve(types && types.localStorage ? { localStorage: fake } : undefined); };
      ${CLIENT_STORAGE_SCRIPT}`;
    const xds = crossDomain({ url: storagePage({ script }) });
    const t = boot(xds);
    await t.settle();
    expect(xds.state()).toBe('synced');
    const id = (t.get('visitor') as VisitorModule).randomId()!;
    const frameWindow = storageFrame()!.contentWindow as unknown as { __granted: Record<string, string> };
    await until(() => 'varia_xds_acc_visitor' in frameWindow.__granted);
    expect(JSON.parse(frameWindow.__granted.varia_xds_acc_visitor)).toMatchObject({ randomId: id });
    expect(localStorage.getItem('varia_xds_acc_visitor')).toBeNull();
  });

  it('XDS-9 where the frame has no storage access (third-party storage blocked or partitioned), the visitor stays first-party: a debug line, no error', async () => {
    const script = `document.hasStorageAccess = function () { return Promise.resolve(false); };${CLIENT_STORAGE_SCRIPT}`;
    const xds = crossDomain({ url: storagePage({ script }) });
    const t = boot(xds);
    await t.settle();
    expect(xds.state()).toBe('disabled');
    expect(t.errors()).toEqual([]);
    expect(t.logs).toContainEqual({ level: 'debug', text: MSG_NO_ACCESS });
    expect(t.lifecycle()).not.toContain('originsSynced');
    expect(t.lifecycle()).toContain('activate');
    const id = (t.get('visitor') as VisitorModule).randomId()!;
    expect(id).toMatch(/^\d+r/);
    expect(JSON.parse(localStorage.getItem('varia_visitor_profile')!)).toMatchObject({ randomId: id });
    expect(localStorage.getItem('varia_xds_acc_visitor')).toBeNull();
  });

  it('XDS-9 an ERROR answer disables cross-domain storage; activation goes on at once', async () => {
    const xds = crossDomain({ url: storagePage({ script: ERROR_SCRIPT }) });
    const t = boot(xds);
    await t.settle();
    expect(xds.state()).toBe('disabled');
    expect(t.errors()).toEqual(['Cross-origin storage disabled: boom']);
    expect(t.lifecycle()).toContain('activated');
    expect(t.lifecycle()).not.toContain('originsSynced');
    expect(storageFrame()).toBeNull();
    expect(xds.write('visitor', {})).toBe(false);
  });

  it('XDS-1 a storage page that never answers holds activation 1000 ms, then the visitor goes on with its stored id', async () => {
    localStorage.setItem('varia_visitor_profile', JSON.stringify({ randomId: 'stored-1' }));
    const xds = crossDomain({ url: storagePage({ script: '' }) });
    const t = boot(xds);
    await until(() => !!storageFrame());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.lifecycle()).toEqual(['initialized']);
    t.clock.tick(999);
    expect(t.lifecycle()).toEqual(['initialized']);
    t.clock.tick(1);
    await t.settle();
    expect(t.lifecycle()).toContain('activated');
    expect(t.logs).toContainEqual({ level: 'warn', text: 'Cross-origin storage did not sync within 1000 ms' });
    expect((t.get('visitor') as VisitorModule).randomId()).toBe('stored-1');
  });

  it('XDS-10 at most 1000 messages are kept waiting, before the frame loads and for answers', async () => {
    const early = crossDomain({ url: storagePage({ script: '' }) });
    for (let i = 0; i < 1100; i++) early.write(`k${i}`, i);
    expect(early.waiting()).toBe(1000);

    const xds = crossDomain({ url: storagePage({ script: '' }) });
    const t = boot(xds);
    await until(() => !!storageFrame());
    for (let i = 0; i < 1100; i++) xds.write(`k${i}`, i);
    expect(xds.waiting()).toBe(1000);
    t.clock.tick(1000);
    await t.settle();
  });

  it('XDS-1 origin checks: a message from a foreign origin is ignored with a warning, and the page refuses an origin it does not allow', async () => {
    localStorage.setItem('varia_visitor_profile', JSON.stringify({ randomId: 'stored-2' }));
    // The storage page allows only another origin, so it never answers this one.
    const xds = crossDomain({ url: storagePage({ origins: ['http://other.example'] }) });
    const t = boot(xds);
    await until(() => !!storageFrame());
    // A sandboxed frame (origin "null") forges an answer to the first request.
    const foreign = document.createElement('iframe');
    foreign.setAttribute('sandbox', 'allow-scripts');
    foreign.srcdoc = `<script>parent.postMessage({ varia_xds: 1, id: 1, type: 'SYNC', key: null, value: { visitor: { randomId: 'forged' } } }, '*');</script>`;
    document.body.append(foreign);
    await until(() => t.logs.some((line) => line.text === 'Ignored cross-origin storage message from "null"'));
    expect(xds.state()).toBe('syncing');
    t.clock.tick(1000);
    await t.settle();
    expect(xds.read('visitor')).toEqual({ randomId: 'stored-2', variationMap: {} });
    expect((t.get('visitor') as VisitorModule).randomId()).toBe('stored-2');
    expect(t.lifecycle()).not.toContain('originsSynced');
  });

  it('XDS-12 XDS-13 waitForOriginSync without this origin, or disableCrossOrigin: no frame, activation at once', async () => {
    for (const queue of [[['waitForOriginSync', ['https://shop.example']]], [['disableCrossOrigin']]]) {
      const xds = crossDomain({ url: storagePage() });
      const t = boot(xds, queue);
      await t.settle();
      expect(t.lifecycle()).toContain('activated');
      expect(storageFrame()).toBeNull();
      expect(xds.state()).toBe('disabled');
    }
  });
});
