/**
 * Whether two sets of changes touch the same part of a page (issue 37): for each pair of selector
 * sets, is an element one set matches the same as, inside, or around an element the other matches?
 * A change that replaces a region (an HTML change, a widget over a section) touches everything in it,
 * so containment counts as much as identity. Decided on the page itself, never on the selector text.
 */
import type { OverlapKind, OverlapPair, OverlapResult } from './protocol';
import { labelOf } from './selector';

/** The elements a selector set matches (an invalid selector matches nothing: review reports it apart). */
const matched = (doc: ParentNode, selectors: readonly string[]): Element[] => {
  const found = new Set<Element>();
  for (const selector of selectors) {
    try {
      for (const el of doc.querySelectorAll(selector)) found.add(el);
    } catch {
      // Not a selector: review's own validation names it.
    }
  }
  return [...found];
};

/** How `a` relates to `b`: the same element, `a` around `b`, `a` inside `b`, or apart. */
const relation = (a: Element, b: Element): OverlapKind => (a === b ? 'same' : a.contains(b) ? 'contains' : b.contains(a) ? 'inside' : 'none');

/**
 * The first overlap of one pair among the kinds it counts (all when it names none), identity before
 * containment, with the two elements' labels and how many elements each side matched.
 */
export const overlapOf = (doc: ParentNode, pair: OverlapPair): OverlapResult => {
  const left = matched(doc, pair.a);
  const right = matched(doc, pair.b);
  const counts: [number, number] = [left.length, right.length];
  const counted = (kind: OverlapKind) => kind !== 'none' && (!pair.kinds || pair.kinds.includes(kind));
  let found: OverlapResult = { id: pair.id, kind: 'none', counts };
  for (const a of left) {
    for (const b of right) {
      const kind = relation(a, b);
      if (!counted(kind)) continue;
      if (kind === 'same') return { id: pair.id, kind, a: labelOf(a), b: labelOf(b), counts };
      if (found.kind === 'none') found = { id: pair.id, kind, a: labelOf(a), b: labelOf(b), counts };
    }
  }
  return found;
};
