/**
 * The agent's overlay (EDT-15): an outline around the hovered element, a stronger one around the
 * selection, and a label with tag and selector. It lives in a closed shadow root under a
 * `position: fixed` host with `pointer-events: none`, so it never shifts the page's layout, never
 * takes the pointer and the page's styles cannot reach it. Boxes are moved with `transform` only.
 */

/** The overlay host's tag; the selector generator and the picker ignore it. */
export const OVERLAY_TAG = 'varia-editor-overlay';

const STYLE = `
:host { all: initial; position: fixed; inset: 0; pointer-events: none; z-index: 2147483647; contain: strict; }
.box { position: absolute; left: 0; top: 0; box-sizing: border-box; display: none; will-change: transform; }
.hover { outline: 2px solid #3b82f6; background: rgba(59,130,246,.08); }
.selected { outline: 2px solid #f59e0b; outline-offset: 1px; background: rgba(245,158,11,.07); }
.label { position: absolute; left: 0; top: 0; display: none; max-width: min(520px, 90vw); padding: 3px 7px;
  font: 500 11px/16px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #fff; background: #1e3a8a;
  border-radius: 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; box-shadow: 0 2px 6px rgba(0,0,0,.25); }
.label b { color: #fde68a; font-weight: 600; margin-right: 6px; }
.label.sel { background: #92400e; }
`;

/** What the overlay draws. */
export interface Overlay {
  /** Outlines `el` as hovered, labelled with `tag` and `selector`; undefined hides it. */
  hover(el: Element | undefined, label?: { tag: string; selector: string }): void;
  /** Outlines `el` as selected; undefined clears it. */
  select(el: Element | undefined, label?: { tag: string; selector: string }): void;
  /** Re-positions the boxes after a scroll or resize. */
  refresh(): void;
  /** The host element (for tests and to skip it). */
  readonly host: HTMLElement;
  destroy(): void;
}

/** Creates the overlay in `doc` (appended to `<html>`, outside the page's body). */
export const createOverlay = (doc: Document): Overlay => {
  const host = doc.createElement(OVERLAY_TAG);
  const shadow = host.attachShadow({ mode: 'closed' });
  // A constructed sheet: a <style> element would be refused by a strict CSP (no 'unsafe-inline').
  const sheet = new (doc.defaultView ?? window).CSSStyleSheet();
  sheet.replaceSync(STYLE);
  shadow.adoptedStyleSheets = [sheet];
  const make = (cls: string) => {
    const div = doc.createElement('div');
    div.className = cls;
    shadow.append(div);
    return div;
  };
  const hoverBox = make('box hover');
  const selectBox = make('box selected');
  const hoverLabel = make('label');
  const selectLabel = make('label sel');
  doc.documentElement.append(host);
  let hovered: Element | undefined;
  let selected: Element | undefined;

  const place = (box: HTMLElement, label: HTMLElement, el: Element | undefined) => {
    if (!el || !el.isConnected) {
      box.style.display = label.style.display = 'none';
      return;
    }
    const rect = el.getBoundingClientRect();
    box.style.display = 'block';
    box.style.width = `${rect.width}px`;
    box.style.height = `${rect.height}px`;
    box.style.transform = `translate(${rect.left}px, ${rect.top}px)`;
    if (!label.textContent) return;
    label.style.display = 'block';
    // Above the element when there is room, else inside its top edge.
    const top = rect.top >= 22 ? rect.top - 22 : Math.max(rect.top + 2, 0);
    const left = Math.max(0, Math.min(rect.left, doc.documentElement.clientWidth - 200));
    label.style.transform = `translate(${left}px, ${top}px)`;
  };
  const write = (label: HTMLElement, text?: { tag: string; selector: string }) => {
    if (!text) {
      label.textContent = '';
      return;
    }
    const tag = doc.createElement('b');
    tag.textContent = text.tag;
    label.replaceChildren(tag, text.selector);
  };

  return {
    host,
    hover(el, label) {
      hovered = el;
      write(hoverLabel, el === selected ? undefined : label);
      place(hoverBox, hoverLabel, el === selected ? undefined : el);
    },
    select(el, label) {
      selected = el;
      write(selectLabel, label);
      place(selectBox, selectLabel, el);
      if (hovered === el) place(hoverBox, hoverLabel, undefined);
    },
    refresh() {
      place(hoverBox, hoverLabel, hovered === selected ? undefined : hovered);
      place(selectBox, selectLabel, selected);
    },
    destroy: () => host.remove(),
  };
};
