/**
 * The `cross-domain` storage plugin (XDS-1..13): a hidden frame from the per-account storage page
 * shares values between the origins of one account. The `sync` stage opens the frame, asks for every
 * value (GETALL) and holds activation until the answer or 1000 ms, whichever comes first. Origins are
 * checked on every message both ways: requests go to the frame's origin only, and only answers from the
 * frame's window and origin are taken. See ../README.md.
 */
import type { PluginContext, PluginOf } from '../../../core';
import {
  MESSAGE_CAP,
  MSG_CANONICAL_ORIGINS,
  MSG_NO_ACCESS,
  SYNC_TIMEOUT_MS,
  XDS_MARK,
  msgForeignOrigin,
  msgFrameError,
  msgSyncTimeout,
  type XdsAnswer,
  type XdsRequest,
} from './protocol';

/** Options of the cross-domain plugin. */
export interface CrossDomainOptions {
  /**
   * The storage page. Placeholders: `{accountId}` (global data), and `{protocol}`, `{hostname}`,
   * `{port}` of the page (so a local test server on a random port can be named). Default: the
   * per-account CDN subdomain `https://a{accountId}.storage.varia.example/client_storage/{accountId}.html`.
   */
  url?: string;
  /** How long activation waits for the sync, in ms (default 1000). */
  timeout?: number;
}

/** Where the plugin is: not started, syncing, synced, or disabled (disableCrossOrigin, ERROR, no frame). */
export type CrossDomainState = 'idle' | 'syncing' | 'synced' | 'disabled';

/** The plugin: a storage back end plus its state and a GET round trip, for tests and tools. */
export type CrossDomainPlugin = PluginOf<'storage'> & {
  state(): CrossDomainState;
  /** Messages kept waiting: to be sent, or for their answer (at most 1000). */
  waiting(): number;
  /** Asks the frame for one key; resolves with its value (undefined when disabled or unanswered). */
  fetch(key: string): Promise<unknown>;
};

const DEFAULT_URL = 'https://a{accountId}.storage.varia.example/client_storage/{accountId}.html';

/** Creates the `cross-domain` storage plugin. */
export default function crossDomain(options: CrossDomainOptions = {}): CrossDomainPlugin {
  let ctx: PluginContext | undefined;
  let state: CrossDomainState = 'idle';
  let frame: HTMLIFrameElement | undefined;
  let origin = '';
  let loaded = false;
  let canonical: string[] | undefined;
  let nextId = 0;
  let settle: (() => void) | undefined;
  const cache: Record<string, unknown> = {};
  const outbox: XdsRequest[] = [];
  // Who waits for each request's answer (PUT and DELETE: nobody).
  const awaiting = new Map<number, ((answer?: XdsAnswer) => void) | undefined>();

  // Every request waits for its answer in `awaiting` (those not yet sent also in `outbox`); the cap
  // counts them once and drops the oldest first (XDS-10).
  const keep = () => {
    while (awaiting.size > MESSAGE_CAP) {
      const [id, done] = awaiting.entries().next().value!;
      awaiting.delete(id);
      const queued = outbox.findIndex((request) => request.id === id);
      if (queued >= 0) outbox.splice(queued, 1);
      done?.();
    }
  };
  const attemptPost = (request: XdsRequest) => {
    const target = loaded && frame?.contentWindow;
    if (target) target.postMessage(request, origin); // only the frame's origin may receive it
    return !!target;
  };
  const send = (type: XdsRequest['type'], fields?: Partial<XdsRequest>, done?: (answer?: XdsAnswer) => void) => {
    // Before the frame opens (idle) messages wait in the outbox; a disabled store sends nothing.
    if (state === 'disabled') return done?.();
    const request = { [XDS_MARK]: 1, id: ++nextId, type, ...fields } as XdsRequest;
    awaiting.set(request.id, done);
    if (!attemptPost(request)) outbox.push(request);
    keep();
  };

  const disable = () => {
    state = 'disabled';
    outbox.length = 0;
    awaiting.forEach((done) => done?.());
    awaiting.clear();
    frame?.remove();
    frame = undefined;
    settle?.();
  };

  const onMessage = (event: MessageEvent) => {
    const answer = event.data as XdsAnswer | null;
    if (typeof answer !== 'object' || answer?.[XDS_MARK] !== 1) return;
    // A message event's source is a window or null, never undefined: without a frame nothing matches.
    if (event.source !== frame?.contentWindow || event.origin !== origin) {
      ctx?.log.warn(msgForeignOrigin(event.origin));
      return;
    }
    const done = awaiting.get(answer.id);
    awaiting.delete(answer.id);
    if (answer.type === 'ERROR') {
      // No storage access (today's third-party storage blocking or partitioning): not a failure, the
      // visitor simply stays first-party. Any other ERROR is one (XDS-9).
      if (answer.code === 'NO_ACCESS') ctx?.log.debug(MSG_NO_ACCESS);
      else ctx?.report('PluginError', msgFrameError(answer.message));
      done?.(answer);
      return disable();
    }
    if (answer.type === 'SYNC') done?.(answer);
  };

  const open = (c: PluginContext): boolean => {
    const win = c.win;
    const loc = win?.location;
    if (!win || !loc) return false;
    if (canonical && !canonical.includes(loc.origin)) return false;
    const fill: Record<string, string> = {
      accountId: encodeURIComponent(String(c.data.accountId)),
      protocol: loc.protocol,
      hostname: loc.hostname,
      port: loc.port,
    };
    const url = (options.url ?? DEFAULT_URL).replace(/\{(\w+)\}/g, (match, name: string) => fill[name] ?? match);
    const doc = win.document;
    try {
      origin = new URL(url, loc.href).origin;
      frame = doc.createElement('iframe');
    } catch {
      return false;
    }
    frame.src = url;
    frame.title = 'Varia storage';
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    frame.style.display = 'none';
    frame.addEventListener('load', () => {
      loaded = true;
      outbox.splice(0).forEach(attemptPost);
    });
    win.addEventListener('message', onMessage);
    c.onDestroy(() => {
      win.removeEventListener('message', onMessage);
      frame?.remove();
    });
    (doc.body ?? doc.documentElement).appendChild(frame);
    return true;
  };

  const sync = (c: PluginContext): Promise<void> | void => {
    if (state !== 'idle') return;
    if (!open(c)) return disable();
    state = 'syncing';
    const timeout = options.timeout ?? SYNC_TIMEOUT_MS;
    return new Promise<void>((resolve) => {
      const timer = c.clock.setTimeout(() => {
        c.log.warn(msgSyncTimeout(timeout));
        finish();
      }, timeout);
      const finish = () => {
        c.clock.clearTimeout(timer);
        settle = undefined;
        resolve();
      };
      settle = finish;
      // Disabling answers every waiting request without an answer, so a SYNC answer finds the store enabled.
      send('GETALL', {}, (answer) => {
        if (answer?.type !== 'SYNC') return finish();
        // Values written on this page while the sync was under way are newer than the frame's. A value
        // that is not an object (null included) adds nothing (Object.assign skips false and null).
        const local = { ...cache };
        Object.assign(cache, typeof answer.value === 'object' && answer.value, local);
        state = 'synced';
        c.emit({ type: 'lifecycle', name: 'originsSynced', data: { keys: Object.keys(cache) } });
        finish();
      });
    });
  };

  const plugin: CrossDomainPlugin = {
    type: 'storage',
    name: 'cross-domain',
    setup(c) {
      ctx = c;
      c.hook('sync', () => sync(c));
      c.defineCall(
        'waitForOriginSync',
        ({ canonicalOrigins }) => {
          if (!Array.isArray(canonicalOrigins) || canonicalOrigins.some((item) => typeof item !== 'string')) {
            throw Error(MSG_CANONICAL_ORIGINS);
          }
          canonical = canonicalOrigins;
        },
        ['canonicalOrigins'],
      );
      c.defineCall('disableCrossOrigin', disable);
    },
    read: (key) => cache[key],
    write(key, value) {
      cache[key] = value;
      send('PUT', { key, value }); // sends nothing when disabled
      return state !== 'disabled';
    },
    remove(key) {
      const value = cache[key] as { randomId?: string } | undefined;
      delete cache[key];
      send('DELETE', { key, visitorId: value?.randomId });
    },
    state: () => state,
    waiting: () => awaiting.size,
    fetch: (key) =>
      new Promise((resolve) => send('GET', { key }, (answer) => resolve(answer?.type === 'SYNC' ? answer.value : undefined))),
  };
  return plugin;
}
