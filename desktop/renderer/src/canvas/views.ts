/**
 * The pages the canvas can open (EDT-14, EDT-18): one per view of the project whose URL rule names a
 * path (an exact, simple or substring URL, or a regular expression whose path part is literal, as the
 * homepage's locale views are), opened on the local services, which serve the stand-in site. The
 * homepage comes first; a view whose rule names no path is left out (its URL can still be typed).
 */
import type { RowCells } from '../../../../editor-model/project-codec';
import { rowsOf } from '../model/entities';
import type { ProjectStore } from '../model/project-store';

/** A page the canvas can show. */
export interface CanvasView {
  /** The view (page) id, or '' for a typed URL. */
  pageId: string;
  name: string;
  /** Path (and query) on the local services, e.g. `/pt-br`. */
  path: string;
}

/** The path a URL rule names, if any. */
export const pathOfRule = (match: unknown, value: unknown): string | undefined => {
  if (typeof value !== 'string' || !value) return;
  if (match === 'regex') {
    // `^[^/?#]+/pt-br(?:[?#]|$)`: the host part, then a literal path up to the first operator.
    const rest = value.replace(/^\^/, '').replace(/^\[\^\/\?#\]\+/, '').replace(/^(https?:\\?\/\\?\/)?[a-z0-9.-]+(\\\.[a-z]+)*/i, '');
    const literal = /^((?:\\\/|\/|[A-Za-z0-9_~-])*)/.exec(rest)?.[1]?.replace(/\\\//g, '/') ?? '';
    return literal.startsWith('/') || literal === '' ? literal || '/' : undefined;
  }
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `http://${value}`);
    return url.pathname + url.search;
  } catch {
    return value.startsWith('/') ? value : undefined;
  }
};

/** The first URL condition of a view's conditions (nested and/or/not lists walked). */
const firstUrlCondition = (conditions: unknown): { match?: unknown; value?: unknown } | undefined => {
  if (!Array.isArray(conditions)) return;
  for (const item of conditions) {
    if (Array.isArray(item)) {
      const found = firstUrlCondition(item);
      if (found) return found;
    } else if (item && typeof item === 'object' && (item as { type?: unknown }).type === 'url') return item as { match?: unknown; value?: unknown };
  }
};

/** The canvas views of a project, from its pages table; always at least the site's root. */
export const canvasViews = (store: ProjectStore): CanvasView[] => {
  const views: CanvasView[] = [];
  for (const { rowId, row } of rowsOf(store, 'pages')) {
    const cells = row as RowCells;
    const rule = firstUrlCondition(cells.staticConditions);
    const path = rule ? pathOfRule(rule.match, rule.value) : undefined;
    if (path === undefined) continue;
    views.push({ pageId: String(cells.id ?? rowId), name: String(cells.name ?? cells.apiName ?? rowId), path: path.startsWith('/') ? path : `/${path}` });
  }
  if (!views.length) views.push({ pageId: '', name: 'Site root', path: '/' });
  return views.sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : 0));
};
