/**
 * Pending events and how they are sent (runtime-spec §3 Pending event, §7 Retryable event send and
 * Beacon send, §9 limits; TRK-13, TRK-35..41).
 *
 * Delivery is at least once, and the collector makes it exactly once by deduplicating event uuids:
 * a batch leaves the pending store only after a 2xx answer (or a refusal that retrying cannot fix).
 * A beacon has no answer, so a beaconed batch stays stored and goes again on the next page load.
 *
 * A failed send is retried after 1 s, 2 s and 4 s (TRK-37). When those retries are spent the batch is not
 * left for the next page load only: while the page stays open it goes again with the next batch the page
 * sends (a sign the network is back), and otherwise after 30 s, 60 s, 120 s... at most every 5 minutes.
 */
import { PREFIX, type PluginContext } from '../../../core';
import type { PendingEvent } from '../../../core/kinds/tracking';
import { keptJson } from '../../_shared/json';
import { settle } from '../../../core/sequence';
import { MSG_NO_ID, request } from '../_shared/request';

/** First wait after the quick retries are spent; it doubles up to {@link MAX_LATER_DELAY}. */
export const LATER_DELAY = 30_000;
/** Longest wait between two sends of a batch while the page stays open. */
export const MAX_LATER_DELAY = 300_000;

/** Storage key of the pending events (under the product prefix). */
export const PENDING_KEY = 'pending_events';

/** The part of a storage plugin the tracker uses. */
export interface Store {
  read(key: string): unknown;
  write(key: string, value: unknown): boolean;
}

/** The pending store and the transport. */
export interface Sender {
  /** Reads the stored pending events (previous pages') so they are sent again (TRK-38). */
  load(): void;
  /** Adds or replaces a pending event (by id) and persists the list. */
  put(item: PendingEvent): void;
  /**
   * Sends every pending event that is due, oldest first, except the open batch; `beacon` at page hide.
   * `fresh`: the page is sending a new batch, so batches whose quick retries are spent go along.
   * `shown`: the page is shown again, so what it beaconed is POSTed too.
   */
  send(beacon?: boolean, fresh?: boolean, shown?: boolean): void;
  /** Pending events kept in this page. */
  count(): number;
}

/**
 * The retryable send (TRK-39): POSTs a pending event's batch; resolves with whether the collector took
 * it (2xx), refused it for good (4xx other than 408 and 429), or it must be retried.
 */
export const postPending = async (
  win: PluginContext['win'],
  url: string,
  item: Partial<PendingEvent>,
): Promise<'sent' | 'refused' | 'failed'> => {
  if (!item?.id) throw Error(MSG_NO_ID);
  let status: number;
  try {
    ({ status } = await request(win, { url, method: 'POST', data: item.data }));
  } catch {
    return 'failed';
  }
  // The status class: 2 for 2xx, 4 for 4xx.
  const kind = (status / 100) | 0;
  return kind == 2 ? 'sent' : kind == 4 && status != 408 && status != 429 ? 'refused' : 'failed';
};

/** A pending event's version: a batch saved again under its id is a new version. */
const version = (item: PendingEvent) => item.id + '@' + item.timeStamp;
// A batch's JSON, written once: stored inside the list of pending events and sent as is by every
// POST and beacon of it (a batch is never changed once made; a save makes a new one).
const textOf = (item: PendingEvent): string => keptJson(item.data) ?? '';

/**
 * Creates the pending store over `store` and the transport to `url`.
 * @param retries Retries per pending event in a page (TRK-37).
 * @param maxPending Pending events kept, the oldest dropped beyond (TRK-36).
 * @param allowed Whether sending is allowed now (not held, tracking allowed); checked before every send.
 * @param open Whether a pending event is a batch still open (stored while it fills, never sent until closed).
 */
export const createSender = (
  ctx: PluginContext,
  store: () => Store,
  url: string,
  retries: number,
  maxPending: number,
  allowed: () => boolean,
  open: (id: string) => boolean,
): Sender => {
  let items: PendingEvent[] = [];
  // Versions (id@timeStamp) delivered from this page: never kept when merging with what other tabs stored.
  const done = new Set<string>();
  const inFlight = new Set<string>();
  const beaconed = new Set<string>();
  const notBefore: Record<string, number> = {};

  const stored = (): PendingEvent[] => {
    const value = store().read(PENDING_KEY);
    return Array.isArray(value) ? value.filter((item) => item && typeof item.id == 'string') : [];
  };
  // The other tabs' pending events as last read. Another tab of the site keeps its own pending events in
  // the same key. Before each write the key's stored text is read (a string copy, no parse) and the list
  // parsed again only when that text is not the one this page last read or wrote: another tab wrote it. Not
  // at every write (a flush would re-read the whole list of earlier pages each time), and no `storage`
  // listener: adding one makes Chromium open both storage areas, a blocking call (0.5 ms on an idle page,
  // several ms right after a page's start).
  let others: PendingEvent[] = [];
  let seen: string | null | undefined;
  const raw = () => {
    try {
      return ctx.win!.localStorage.getItem(PREFIX + PENDING_KEY);
    } catch {
      // Unavailable: the list is read through the store at each write.
    }
  };
  // Read, merge, write: the other tabs' events are kept.
  const persist = () => {
    if (raw() !== seen) others = stored();
    const mine = new Set(items.map((item) => item.id));
    const all = (others = others.filter((item) => !mine.has(item.id) && !done.has(version(item))))
      .concat(items)
      .sort((a, b) => a.timeStamp - b.timeStamp);
    // A negative count splices nothing.
    const dropped = all.splice(0, all.length - maxPending);
    if (dropped.length) {
      ctx.log.warn('Tracker: dropped', dropped.length, 'oldest pending events');
      const kept = (list: PendingEvent[]) => list.filter((item) => !dropped.includes(item));
      items = kept(items);
      others = kept(others);
    }
    // Each batch's text is kept (see textOf), earlier pages' and other tabs' too, so writing the list
    // joins kept texts: no batch is walked again at each write. The list's own text is kept too: the
    // store writes exactly it, and the next write knows it as this page's.
    all.forEach(textOf);
    seen = keptJson(all);
    store().write(PENDING_KEY, all);
  };
  const forget = (item: PendingEvent) => {
    items = items.filter((other) => other !== item);
    done.add(version(item));
    persist();
  };
  const post = (item: PendingEvent) => {
    inFlight.add(item.id);
    settle(postPending(ctx.win, url, { id: item.id, data: textOf(item) as never }), (outcome) => {
      inFlight.delete(item.id);
      if (outcome == 'refused') ctx.log.error('Tracker: the collector refused batch', item.id);
      if (outcome != 'failed') return forget(item);
      const tries = ++item.retryCount;
      persist();
      // 1 s, 2 s, 4 s (TRK-37); then 30 s doubling to 5 min while the page is open (and with the next batch).
      const delay = tries <= retries ? 1000 * 2 ** (tries - 1) : Math.min(LATER_DELAY * 2 ** (tries - retries - 1), MAX_LATER_DELAY);
      notBefore[item.id] = ctx.clock.now() + delay;
      ctx.clock.setTimeout(() => sender.send(), delay);
    });
  };
  const beacon = (item: PendingEvent) => {
    let queued = false;
    try {
      // A string, not a Blob: the beacon sends it as text/plain (no preflight) and costs no Blob.
      queued = !!ctx.win!.navigator.sendBeacon(url, textOf(item));
    } catch {
      // No beacon in this browser (or the body is over its limit): the POST below.
    }
    if (queued) beaconed.add(item.id);
    else if (!inFlight.has(item.id)) post(item);
  };

  const sender: Sender = {
    load: () => {
      seen = raw();
      items = stored();
    },
    put: (item) => {
      // Its text is written by the persist below (each batch's once).
      items = items.filter((other) => other.id != item.id).concat(item);
      persist();
    },
    send: (beaconNow, fresh, shown) => {
      // Shown again (back/forward restore, a tab brought back): what was beaconed is POSTed, so that it
      // leaves the store on its answer instead of waiting for the next page load.
      if (shown) beaconed.clear();
      if (!allowed()) return;
      const now = ctx.clock.now();
      // `items` is replaced, never changed in place, so the loop needs no copy of it.
      for (const item of items) {
        if (open(item.id) || beaconed.has(item.id)) continue;
        if (beaconNow) beacon(item);
        else if (!inFlight.has(item.id) && ((notBefore[item.id] ?? 0) <= now || (fresh && item.retryCount > retries))) post(item);
      }
    },
    count: () => items.length,
  };
  return sender;
};
