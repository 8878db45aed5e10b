/**
 * The `visitor` module (VIS-1..39, TRK-18): who the visitor is, their session, profile, sticky maps and
 * behaviour, kept through the storage plugins (`local`, `cookie`, `cross-domain`), in memory when none
 * can store. Also the public `visitor_id` module, the `user` push call (custom attributes) and opt-out.
 * See ./README.md.
 */
import {
  EVENT_TYPES,
  MODULES,
  PREFIX,
  definePlugin,
  type BehaviourEvent,
  type PluginContext,
  type PluginOf,
  type StorageWriteOptions,
  type TrackedEventData,
  type VisitorModule,
  type VisitorSession,
} from '../../../core';
import { COOKIE_NAMES, STORAGE_KEYS } from '../../../core/kinds/visitor';
import { locateVisitorId } from './locator';
import { setUpOptOut } from './opt-out';
import { isRecord } from '../../_shared/checks';
import { mergeVariationMaps, newRandomId, own, setOrDelete, strings, validId, validProfile, type StoredProfile } from './profile';
import { BEHAVIOUR_CAP, firstSession, indexSessions, toBehaviour, useSession, validBehaviour } from './sessions';

/** TRK-18: logged when neither a cookie nor local storage kept the visitor id; tracking is then disabled. */
export const MSG_ID_NOT_PERSISTED = 'Could not persist the visitor id; tracking disabled';
/** Warned when a runtime cookie holds a value the runtime could not have written; it is ignored. */
export const msgTamperedCookie = (name: string) => `Ignored tampered cookie "${name}"`;

/** The key of the visitor's record in cross-domain storage. */
export const SHARED_KEY = 'visitor';

/** The shared record: what follows the visitor across the account's origins. */
interface SharedRecord {
  randomId?: string;
  variationMap?: unknown;
}

/** Creates the `visitor` apiModule plugin (a factory: each kernel has its own visitor). */
export default function visitor(): PluginOf<'apiModule'> {
  let ctx: PluginContext;
  let profile: StoredProfile | undefined;
  let session: VisitorSession | undefined;
  let behaviour: BehaviourEvent[] | undefined;
  // Behaviour recorded before the stored list was read (the start's page view): the stored list, up to a
  // thousand events of JSON, is read and extended right after the run that recorded them, not inside it.
  const fresh: BehaviourEvent[] = [];
  let identified: boolean | undefined;
  let customId: string | undefined;
  let optedOut = () => false;

  // Storage plugins are looked up at each use: a part loaded on demand (cross-domain) takes its stand-in's place.
  const store = (name: string) => ctx.plugin('storage', name);
  const readLocal = (key: string) => store('local')?.read(key);
  const writeLocal = (key: string, value: unknown, options?: StorageWriteOptions) => store('local')?.write(key, value, options);
  const now = () => ctx.clock.now();
  /**
   * A runtime cookie's value as `valid` keeps it (the visitor id, or a sticky edge cookie's JSON object); a
   * value it refuses could not have been written for the runtime: it is ignored with a warning.
   */
  const cookie = <T>(name: string, valid: (value: any) => T | undefined): T | undefined => {
    const value = store('cookie')?.read(name);
    if (value === undefined) return;
    const kept = valid(value);
    // The names given are COOKIE_NAMES, none of which carries the prefix the cookie plugin adds.
    if (kept === undefined) ctx.log.warn(msgTamperedCookie(PREFIX + name));
    return kept;
  };
  /** A sticky edge cookie (VIS-28: read, never written): its JSON text must hold an object. */
  const edgeCookie = (name: string) =>
    cookie(name, (text: string) => {
      try {
        const value = JSON.parse(text);
        if (isRecord(value)) return value;
      } catch {
        // tampered
      }
    });
  const load = (): StoredProfile => (profile ??= validProfile(readLocal(STORAGE_KEYS.profile)));
  const save = (options?: StorageWriteOptions) => writeLocal(STORAGE_KEYS.profile, load(), options);
  /** Sets or (with null) removes an entry of a profile record, and stores the profile. */
  const saveEntry = <T>(record: Record<string, T>, key: string, value: T | null) => {
    setOrDelete(record, key, value);
    save();
  };
  const share = () => {
    const p = load();
    if (p.randomId) store('cross-domain')?.write(SHARED_KEY, { randomId: p.randomId, variationMap: p.variationMap });
  };
  const shared = () => (store('cross-domain')?.read(SHARED_KEY) ?? {}) as SharedRecord;

  /** The session as last stored, without using (refreshing) it. */
  const storedSession = (): VisitorSession | undefined => {
    if (!session) {
      const stored = readLocal(STORAGE_KEYS.sessionState) as VisitorSession | undefined;
      if (typeof stored?.sessionId === 'number' && typeof stored.lastSessionTimestamp === 'number') session = stored;
    }
    return session;
  };
  const currentSession = (): VisitorSession => {
    const next = useSession(storedSession(), now());
    const isNew = next.sessionId !== session?.sessionId;
    session = next;
    writeLocal(STORAGE_KEYS.sessionState, next);
    if (isNew) store('cookie')?.write(COOKIE_NAMES.session, String(next.sessionId));
    return next;
  };
  const keep = (list: BehaviourEvent[]) => {
    if (list.length > BEHAVIOUR_CAP) list.splice(0, list.length - BEHAVIOUR_CAP);
    writeLocal(STORAGE_KEYS.behaviour, list);
  };
  const events = () => {
    behaviour ??= validBehaviour(readLocal(STORAGE_KEYS.behaviour));
    if (fresh.length) {
      behaviour.push(...fresh);
      fresh.length = 0;
      keep(behaviour);
    }
    return behaviour;
  };

  /** The random id as storage has it, without creating or writing one: cross-domain, cookie, then local. */
  const storedRandomId = () => validId(shared().randomId) ?? cookie(COOKIE_NAMES.visitorId, validId) ?? load().randomId;
  /** The id tracking and bucketing use: the customer's, else the random one; undefined before `identify`. */
  const id = () => (identified === undefined ? undefined : (customId ?? load().randomId));

  const identify = (): boolean => {
    if (identified !== undefined) return identified;
    customId = locateVisitorId(ctx);
    const p = load();
    p.randomId = storedRandomId() ?? newRandomId(now());
    // Either store keeping the id is enough. Both may also fail after this run: the browser refuses a
    // cookie silently (found when the cookie plugin reads it back) and a full local storage refuses the
    // write when it is flushed; the id is lost, once, when neither holds it. Neither calls `failed`
    // during the write itself, so both flags are set before `lost` can run.
    let inLocal: boolean | undefined;
    let inCookie: boolean | undefined;
    const lost = () => {
      if (inLocal || inCookie || !identified) return;
      identified = false;
      ctx.log.error(MSG_ID_NOT_PERSISTED);
      ctx.disable('tracking');
    };
    identified = true;
    inLocal = save({ failed: () => ((inLocal = false), lost()) });
    // Writing the cookie on every page refreshes its lifetime (auto refresh, VIS-31).
    inCookie = store('cookie')?.write(COOKIE_NAMES.visitorId, p.randomId, { failed: () => ((inCookie = false), lost()) });
    share();
    currentSession(); // a page view uses the session (and writes the session cookie when it is new)
    lost();
    return identified;
  };

  const mergeStoredVariationMaps = () => {
    const p = load();
    // Stored maps first (this origin's, then the account's shared one), then the edge's sticky cookies,
    // which record decisions made for this very request.
    let changed = mergeVariationMaps(p.variationMap, shared().variationMap);
    changed = mergeVariationMaps(p.variationMap, edgeCookie(COOKIE_NAMES.edgeVariationMap)) || changed;
    const edgeProfile = edgeCookie(COOKIE_NAMES.edgeProfile) ?? {};
    const attributes = p.attributes;
    for (const name of Object.keys(edgeProfile)) {
      if (attributes[name] || edgeProfile[name] == null) continue; // the visitor's own value is newer
      attributes[name] = { value: edgeProfile[name], lastModified: now() };
      changed = true;
    }
    if (changed) save();
  };

  const setAttributes = (values: Record<string, unknown>) => {
    if (!values || typeof values !== 'object') return;
    const p = load();
    for (const name of Object.keys(values)) {
      const id = ctx.data.visitorAttributes?.find((attribute) => attribute.name === name)?.id;
      setOrDelete(p.attributes, name, values[name] == null ? null : { value: values[name], lastModified: now(), ...(id ? { id } : {}) });
    }
    save();
  };

  const recordBehaviour: VisitorModule['recordBehaviour'] = (input) => {
    if (typeof input?.name !== 'string') return;
    // Once the stored list is read an event joins it at once; before, the first one schedules the read.
    fresh.push(toBehaviour(input, now(), currentSession().sessionId));
    if (behaviour) events();
    else if (fresh.length === 1) queueMicrotask(() => ctx.attempt('PluginError', events));
  };

  const module: VisitorModule = {
    identify,
    id,
    randomId: () => load().randomId ?? storedRandomId(),
    bucketingId: id,
    attributes: () => load().attributes,
    setAttributes,
    session: currentSession,
    isFirstSession: () => firstSession(events(), currentSession()),
    mergeStoredVariationMaps,
    variationMap: () => load().variationMap,
    setVariation(layerId, experimentId, variationId) {
      const map = load().variationMap;
      // Own keys only, as in mergeVariationMaps: a layer id never reaches what every object inherits.
      const layer = own.call(map, layerId) ? map[layerId] : (map[layerId] = {});
      setOrDelete(layer, experimentId, variationId);
      if (!Object.keys(layer).length) delete map[layerId];
      save();
      share();
    },
    preferredLayerMap: () => load().preferredLayerMap,
    setPreferredLayer: (groupId, layerId) => saveEntry(load().preferredLayerMap, groupId, layerId),
    cmabMap: () => load().cmabMap,
    setCmab: (experimentId, entry) => saveEntry(load().cmabMap, experimentId, entry),
    segments: () => load().segments,
    setSegments(segments) {
      load().segments = strings(segments);
      save();
    },
    behaviourEvents: () => indexSessions(events(), storedSession(), now()),
    recordBehaviour,
    optedOut: () => optedOut(),
    eventQueue() {
      const queued = readLocal(STORAGE_KEYS.pendingEvents);
      return Array.isArray(queued) ? queued : [];
    },
  };

  return definePlugin({
    type: 'apiModule',
    name: MODULES.visitor,
    setup(context) {
      ctx = context;
      optedOut = setUpOptOut(context);
      context.registerModule(MODULES.visitorId, {
        get randomId() {
          return module.randomId();
        },
      });
      context.defineCall('user', ({ attributes }) => setAttributes(attributes), ['attributes']);
      // The pages plugin runs activation steps 3 and 5 itself; a snippet without it still needs a visitor.
      // Stage hooks never run once the kernel is destroyed, so only the listener needs a teardown.
      context.hook('visitor', () => {
        if (context.get(MODULES.pages)) return;
        identify();
        mergeStoredVariationMaps();
      });
      // Every tracked event is a behaviour event (the tracker's TrackedEventData has the fields it needs).
      return context.on({ type: EVENT_TYPES.tracking, name: 'eventTracked' }, (event) => {
        if (event.data) recordBehaviour(event.data as TrackedEventData);
      });
    },
    create: () => module,
  });
}
