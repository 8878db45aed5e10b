/**
 * What the goal widgets share: pushing a named event at most once per page. "Page" is the document:
 * a widget hidden and shown again (the editor's preview) does not count a goal twice.
 */
import type { Track } from './track';
import { pushEvent } from './widget';

const fired = new WeakMap<Document, Set<string>>();

/** Pushes `eventName` unless it was already pushed on this page; returns whether it was pushed. */
export const pushOnce = (t: Track, eventName: string): boolean => {
  const names = fired.get(t.doc) ?? new Set<string>();
  fired.set(t.doc, names);
  if (names.has(eventName)) return false;
  names.add(eventName);
  pushEvent(t, eventName);
  return true;
};
