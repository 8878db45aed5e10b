/**
 * The `batch` tracker: turns page views, layer decisions, client activations and goal events into
 * tracker batches and sends them to the collector without losing any (runtime-spec §3, §4 Tracker, §5,
 * §7; TRK, rulings 10, 12, 16). Registers the `tracker` and `utils` modules and the `event`,
 * `holdEvents` and `sendEvents` push calls. See ./README.md for the choices made where the spec is silent.
 */
import { definePlugin, EVENT_TYPES, MODULES } from '../../../core';
import type { ControlsModule, KernelEvent, LayerDecidedData, PageActivatedData, PluginOf } from '../../../core';
import type { AnalyticsDecisionPayload, ExposureData, TrackedEventData, TrackerModule, VisitorModule } from '../../../core';
import type { BatchAttribute, BatchDecision, BatchEvent } from '../../../core/kinds/tracking';
import { PARAMS, queryParam } from '../../_shared/params';
import { createUtils } from '../_shared/request';
import { uuid } from '../_shared/uuid';
import { addRecord, decisionEvent, decisionRecord, openBatch, sealRecord, toBatch, type OpenBatch } from './batch';
import { isBot } from '../_shared/bots';
import { cleanEvent, MSG_BAD_VALUE } from './events';
import { createSender } from './sender';
import { storeOf } from './store';

/** Options of the batch tracker. */
export interface BatchTrackerOptions {
  /** Collector origin, e.g. `https://collect.example.com`; default the page's origin. */
  host?: string;
  /** Batch short keys (ruling 12). Default true: smaller batches. */
  shortKeys?: boolean;
  /** Batching (TRK-5). Default true; false sends each event at once. */
  batching?: boolean;
  /** Poll interval, ms (TRK-7). Default 1000. */
  pollInterval?: number;
  /** Batch window from the tracker's start, ms (TRK-8). Default 10000. */
  batchWindow?: number;
  /** Retries per pending event (TRK-37). Default 3. */
  retries?: number;
  /** Pending events kept (TRK-36). Default 1000. */
  maxPending?: number;
  /** Conditional send (TRK-11): the open batch goes as soon as it holds this many events. Default 100. */
  maxBatchEvents?: number;
  /** Conditional send (TRK-11): the open batch goes at once after an event for which this returns true. */
  sendWhen?: (event: BatchEvent) => boolean;
}

/** Storage key of the exposures already tracked for this visitor (ruling 24). */
export const EXPOSED_KEY = 'exposed';

/** Storage key of the tracker's own visitor id, used only when no `visitor` module is present. */
export const OWN_ID_KEY = 'tracker_visitor_id';

/** Creates the batch tracker. */
export default function batchTracker(options: BatchTrackerOptions = {}): PluginOf<'tracker'> {
  const { shortKeys = true, batching = true, pollInterval = 1000, batchWindow = 10000, retries = 3, maxPending = 1000, maxBatchEvents = 100, sendWhen } = options;
  return definePlugin({
    type: 'tracker',
    name: 'batch',
    setup(ctx) {
      const { clock, win } = ctx;
      const store = storeOf(ctx);
      let exposures: Record<string, 1> | undefined;
      // Open: the batch filling, or one a flush closed that its task has not saved yet.
      const open = (id: string) => id == current?.id || closing.some((batch) => batch.id == id);
      // Nothing leaves while events are held (TRK-9) or tracking is not allowed; what waits stays stored.
      const sender = createSender(
        ctx,
        store,
        (options.host ?? win?.location.origin ?? '').replace(/\/$/, '') + '/v1/events',
        retries,
        maxPending,
        () => !held && enabled(),
        open,
      );
      // Matched when first asked, not at set-up: a cost the page's start need not pay.
      let botFlag: boolean | undefined;
      const bot = () => (botFlag ??= isBot(win?.navigator?.userAgent));
      const visitor = () => ctx.get<VisitorModule>(MODULES.visitor);
      let current: OpenBatch | undefined;
      // Batches a flush call closed, saved and sent by the task that follows it (oldest first).
      let closing: OpenBatch[] = [];
      let held = false;
      // When batching ends (TRK-8); -1 once it has: it does not start again.
      let windowEnds = Infinity;
      let timer: unknown;
      let sendTimer: unknown;
      let stopped = false;
      let urgent = false;

      // When the controls module is absent, the same rule (TRK-4) from the query parameters, read once
      // like the controls module reads them.
      let previewRule: boolean | undefined;
      const allowedByQuery = () =>
        (previewRule ??=
          queryParam(win, PARAMS.forceTracking) == 'true' ||
          ![PARAMS.showPreview, PARAMS.legacyPreview, PARAMS.forceVariations, PARAMS.forceAudiences].some((name) => queryParam(win, name)));
      // Events are recorded while tracking is allowed; a bot's are never saved or sent. The bot check
      // waits for the first save or send, after the page's start.
      const recording = () =>
        !ctx.disabled('tracking') && (ctx.get<ControlsModule>(MODULES.controls)?.trackingAllowed() ?? allowedByQuery()) && !visitor()?.optedOut();
      const enabled = () => !bot() && recording();

      // No visitor module: the tracker keeps its own random id, and fails like the visitor would (TRK-18).
      // Kept once read or persisted: every save needs it, and it does not change within a page.
      let own: string | undefined;
      const ownId = (): string | undefined => {
        if (!own) {
          const kept = store().read(OWN_ID_KEY);
          const id = typeof kept == 'string' && kept ? kept : uuid(win).replace(/-/g, '');
          // A new id counts once it is written and read back.
          if (id === kept || (store().write(OWN_ID_KEY, id) && store().read(OWN_ID_KEY) == id)) own = id;
          else {
            ctx.log.error('Tracker: the visitor id could not be persisted; tracking is disabled');
            ctx.disable('tracking');
          }
        }
        return own;
      };
      const visitorId = () => {
        const module = visitor();
        return module ? module.id() ?? module.randomId() : ownId();
      };
      const attributes = (): BatchAttribute[] =>
        Object.entries(visitor()?.attributes() ?? {}).map(([key, entry]) => ({
          entity_id: entry.id ?? null,
          key,
          type: 'custom',
          value: entry.value,
        }));
      // Stores a batch as one pending event, kept under its id and replaced at each save (TRK-6, TRK-35).
      // Answers whether it is stored: not without a visitor id.
      const put = (batch: OpenBatch, who: string | undefined, timeStamp: number) => {
        if (who) sender.put({ id: batch.id, timeStamp, data: toBatch(ctx.data, who, attributes(), batch), retryCount: 0 });
        return !!who;
      };
      // Saves a batch changed since its last save (a bot's is never saved); answers whether it is stored as it is.
      const save = (batch: OpenBatch): boolean => {
        if (batch.saved != batch.count && put(batch, bot() ? undefined : visitorId(), clock.now())) batch.saved = batch.count;
        return batch.saved == batch.count;
      };

      // Schedules the poll; `now`: at once, in place of one due later, and that poll sends.
      const schedule = (now?: unknown) => {
        if (now) {
          urgent = true;
          clock.clearTimeout(timer);
          timer = undefined;
        }
        if (timer === undefined && !stopped) timer = clock.setTimeout(poll, now ? 0 : pollInterval);
      };
      const windowOver = () => {
        if (clock.now() >= windowEnds) windowEnds = -1;
        return windowEnds < 0;
      };
      const close = () => {
        if (current) closing.push(current);
        current = undefined;
      };
      /** Closes the open batch, saves what is closed and sends what is pending, previous batches first (TRK-12). */
      const send = (beacon?: boolean) => {
        if (!enabled()) return;
        close();
        closing = closing.filter((batch) => !save(batch));
        sender.send(beacon, true);
      };
      // A flush the page asks for (`flush()`, `sendEvents`) closes the open batch at once and leaves the
      // save and the POST to a task of their own, so the page's task (a click handler, say) does not wait
      // for the storage write and the browser's fetch call (about 1 ms alone on a busy machine). A page
      // that hides before that task runs sends the closed batch with the beacon (`send(true)`).
      const flush = () => {
        if (!recording()) return;
        close();
        if (sendTimer === undefined && !stopped) {
          sendTimer = clock.setTimeout(() => {
            sendTimer = undefined;
            send();
          }, 0);
        }
      };
      const poll = () => {
        timer = undefined;
        if (current) save(current);
        if (urgent || windowOver()) {
          urgent = false;
          send();
        } else schedule();
      };
      // `seal`: write the event to JSON now (a goal event the page pushes, after its start), so that a save
      // at page hide, right after a burst of events, only joins texts.
      const add = (event: BatchEvent, decision?: BatchDecision, seal?: boolean) => {
        if (!recording()) return;
        const record = addRecord((current ??= openBatch(uuid(win), shortKeys)), event, decision);
        if (seal) sealRecord(record);
        // After the batch window (or without batching) events go at once; a burst still shares one batch.
        schedule(!batching || windowOver() || current.count >= maxBatchEvents || sendWhen?.(event));
      };
      const tracked = (data: TrackedEventData) => ctx.emit({ type: EVENT_TYPES.tracking, name: 'eventTracked', data });

      ctx.defineCall(
        'event',
        ({ eventName, tags, properties }) => {
          if (typeof eventName != 'string' || !eventName) return ctx.log.warn('Tracker: an event needs a name');
          const clean = cleanEvent(tags, properties, (key) => ctx.report('ApiError', Error(MSG_BAD_VALUE), { tracker: 'batch', event: eventName, key }));
          const definition = ctx.data.events?.find((event) => event.apiName == eventName);
          const time = clock.now();
          const id = uuid(win);
          const type = definition?.eventType ?? 'default';
          tracked({ name: eventName, type, category: definition?.category, revenue: clean.revenue, tags: clean.tags, time, uuid: id });
          // Only events the project defines are tracked (ruling 16); the others are behaviour only.
          if (definition) add({ entity_id: definition.id, key: eventName, timestamp: time, uuid: id, type, ...clean }, undefined, true);
          else ctx.log.debug('Tracker: event', eventName, 'is not defined in the project; not sent');
        },
        ['eventName', 'tags', 'properties'],
      );
      ctx.defineCall('holdEvents', () => void (held = true));
      ctx.defineCall('sendEvents', () => {
        held = false;
        flush();
      });

      const listeners = [
        ctx.on({ type: 'lifecycle', name: 'pageActivated' }, ({ data }: KernelEvent) => {
          const { pageId, apiName, category, activatedAt, tags: pageTags } = data as PageActivatedData;
          const id = uuid(win);
          const tags = Object.keys(pageTags ?? {}).length ? pageTags : undefined;
          tracked({ name: apiName, type: 'pageview', category, tags, time: activatedAt, uuid: id });
          add({ entity_id: pageId, key: apiName, timestamp: activatedAt, uuid: id, type: 'view_activated', tags });
        }),
        ctx.on({ type: 'lifecycle', name: 'layerDecided' }, ({ data }: KernelEvent) => {
          const { layerState, decision, pendingRedirect } = data as LayerDecidedData;
          // Concluded layers are not tracked (TRK-15); a redirect's decision is tracked on the next page (TRK-16);
          // a decision with neither a variation nor a holdback is not tracked either. The layer is looked up only for a
          // decider that does not say (the standard one does: no search per decision).
          if (pendingRedirect || (decision.isLayerConcluded ?? ctx.data.layers?.find((layer) => layer.id == decision.layerId)?.concluded)) return;
          if (!decision.variationId && !decision.isLayerHoldback) return;
          const id = (layerState.decisionEventId = uuid(win));
          add(decisionEvent(decision, layerState.decisionTimestamp, id), decisionRecord(decision, decision.reason));
        }),
        // Ruling 24: an exposure is an event of its own, sent once per visitor, experiment, variation and basis
        // (remembered in the visitor's storage), so a visitor's every page does not send it again.
        ctx.on({ type: EVENT_TYPES.tracking, name: 'exposure' }, ({ data }: KernelEvent) => {
          const { experimentId, variationId: variation, basis } = data as ExposureData;
          // Read once per page, then kept: reading it back per exposure would copy it every time.
          const seen = (exposures ??= (store().read(EXPOSED_KEY) as Record<string, 1> | undefined) || {});
          const key = [experimentId, variation, basis].join(' ');
          if (seen[key] || !recording()) return;
          seen[key] = 1;
          store().write(EXPOSED_KEY, seen);
          add({ entity_id: experimentId, timestamp: clock.now(), uuid: uuid(win), type: 'exposure', tags: { variation, basis } });
        }),
        ctx.on({ type: EVENT_TYPES.tracking, name: 'clientActivation' }, () =>
          add({ entity_id: null, timestamp: clock.now(), uuid: uuid(win), type: 'client_activation' }),
        ),
        // The decision made before a redirect: a batch of its own, sent before this page's (TRK-16).
        ctx.on({ type: EVENT_TYPES.tracking, name: 'redirectDecision' }, ({ data }: KernelEvent) => {
          const payload = data as AnalyticsDecisionPayload;
          if (!enabled()) return;
          const previous = openBatch(uuid(win), shortKeys);
          // The relayed decision id is its uuid, so a decision relayed twice is counted once.
          addRecord(previous, decisionEvent(payload, payload.timestamp, payload.decisionId || uuid(win)), decisionRecord(payload));
          // Stored at once; sent right after the page's start (this runs inside it), still first (TRK-12).
          if (put(previous, payload.visitorId || visitorId(), payload.timestamp || clock.now())) clock.setTimeout(() => sender.send(false, true), 0);
        }),
      ];

      // Page hide is the last moment a page surely has: the beacon (TRK-13). `unload` is not used, so
      // pages stay eligible for the back/forward cache.
      const guarded = (work: () => void) => void ctx.attempt('PluginError', work, { plugin: 'batch' });
      // A page shown again (a tab brought back, or restored from the back/forward cache, which fires
      // `visibilitychange` too) POSTs what it beaconed, so that it leaves the store on the answer.
      const onHide = (event: Event) =>
        // A page's own listener: whatever fails here (a throwing visitor module, say) is reported, not thrown.
        guarded(() => (event.type == 'pagehide' || win?.document.visibilityState == 'hidden' ? send(true) : sender.send(false, true, true)));
      win?.addEventListener('pagehide', onHide);
      win?.document?.addEventListener('visibilitychange', onHide);

      // Initialisation step 1: the pending events of earlier pages go again (TRK-38).
      ctx.hook('init', () => {
        windowEnds = batching ? clock.now() + batchWindow : -1;
        if (ctx.disabled('tracking')) return;
        sender.load();
        // After the synchronous start, not inside it: the page's first decisions and changes come first.
        // The same task makes the bot check (the sender asks `enabled`; a bot's are never sent), once per
        // page, so that neither the start nor the page's first flush pays for it.
        clock.setTimeout(() => sender.send(), 0);
      });
      ctx.hook('preActivate', () => void (visitor() || ownId()));

      ctx.registerModule(MODULES.utils, createUtils(win, clock, ctx.log));
      ctx.registerModule(MODULES.tracker, {
        // Called by the page itself: nothing thrown reaches it.
        flush: (flushOptions) => guarded(() => (flushOptions?.beacon ? send(true) : flush())),
        enabled,
        // A batch closed by a flush and not saved yet is pending too.
        pending: () => sender.count() + closing.filter((batch) => batch.saved == undefined).length,
      } satisfies TrackerModule);

      return () => {
        stopped = true;
        // What a flush closed is stored, for the next page load, rather than lost.
        if (enabled()) closing.forEach(save);
        clock.clearTimeout(timer);
        clock.clearTimeout(sendTimer);
        listeners.forEach((stop) => stop());
        win?.removeEventListener('pagehide', onHide);
        win?.document?.removeEventListener('visibilitychange', onHide);
      };
    },
  });
}
