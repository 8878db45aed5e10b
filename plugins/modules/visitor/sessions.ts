/**
 * Sessions and behaviour-event bookkeeping, as pure functions over times (runtime-spec §4 Sessions,
 * VIS-12..18, VIS-21..24, ruling 9). The visitor plugin keeps the state; these decide.
 */
import type { BehaviourEvent, VisitorSession } from '../../../core';

/** Two events less than this apart share a session; exactly this much starts a new one (ruling 9). */
export const SESSION_GAP_MS = 1800000;
/** Behaviour events kept: the newest 1000 (VIS-24). */
export const BEHAVIOUR_CAP = 1000;

/** Whether `session` is still the current one at `now` (its last use less than 30 minutes ago). */
export const isLive = (session: VisitorSession | undefined, now: number): session is VisitorSession =>
  !!session && now - session.lastSessionTimestamp < SESSION_GAP_MS;

/**
 * The session after a use at `now`: the same session with its timestamp refreshed while it is live
 * (VIS-15), otherwise a new one whose id is `now`, the time of its first event (VIS-13, VIS-14).
 */
export const useSession = (session: VisitorSession | undefined, now: number): VisitorSession => ({
  sessionId: isLive(session, now) ? session.sessionId : now,
  lastSessionTimestamp: now,
});

/**
 * Behaviour events with current session indexes (VIS-16, VIS-17): 0 for the current session, then
 * -1, -2... for older sessions from the most recent to the oldest (ordered by their last event).
 */
export const indexSessions = (events: readonly BehaviourEvent[], current: VisitorSession | undefined, now: number): BehaviourEvent[] => {
  const live = isLive(current, now) ? current.sessionId : undefined;
  const lastEvent = new Map<number, number>();
  for (const event of events) if (event.s !== live) lastEvent.set(event.s, Math.max(lastEvent.get(event.s) ?? -Infinity, event.t));
  const older = [...lastEvent.keys()].sort((a, b) => lastEvent.get(b)! - lastEvent.get(a)! || b - a);
  return events.map((event) => ({ ...event, si: event.s === live ? 0 : -(older.indexOf(event.s) + 1) }));
};

/** VIS-18: true when there are no events or the earliest one belongs to the current session. */
export const firstSession = (events: readonly BehaviourEvent[], current: VisitorSession): boolean => {
  let earliest: BehaviourEvent | undefined;
  for (const event of events) if (!earliest || event.t < earliest.t) earliest = event;
  return !earliest || earliest.s === current.sessionId;
};

/**
 * A behaviour event with its short keys and defaults: type 'default', category 'other' (VIS-21, VIS-23). The
 * name is a string (the visitor's recordBehaviour checks it).
 */
export const toBehaviour = (
  input: { name: string; type?: string; category?: string; revenue?: number; tags?: Record<string, unknown>; time?: number },
  now: number,
  sessionId: number,
): BehaviourEvent => {
  const event: BehaviourEvent = { n: input.name, y: input.type || 'default', c: input.category || 'other', t: input.time ?? now, s: sessionId, si: 0 };
  if (Number.isFinite(input.revenue)) event.r = input.revenue;
  if (input.tags && typeof input.tags === 'object') event.o = input.tags;
  return event;
};

/** Stored behaviour events that still have the shape of one; anything else (a tampered entry) is dropped. */
export const validBehaviour = (stored: unknown): BehaviourEvent[] =>
  Array.isArray(stored)
    ? stored.filter((e) => typeof e?.n === 'string' && typeof e.t === 'number' && typeof e.s === 'number').slice(-BEHAVIOUR_CAP)
    : [];
