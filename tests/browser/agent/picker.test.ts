/** The picker and overlay (EDT-15) in real Chromium: highlight without layout shift, click-select without the page's handlers, keyboard navigation, Esc. */
import { afterEach, describe, expect, it } from 'vitest';
import { OVERLAY_TAG } from '../../../desktop/agent/overlay';
import { createPicker, type Picker } from '../../../desktop/agent/picker';
import type { Selection } from '../../../desktop/agent/protocol';
import { HOMEPAGE, mount } from './markup';

let picker: Picker | undefined;
afterEach(() => picker?.destroy());

const start = () => {
  const seen = { selections: [] as Selection[], picker: [] as boolean[], hovers: [] as string[] };
  picker = createPicker(window, {
    onHover: (selector) => seen.hovers.push(selector),
    onSelect: (selection) => seen.selections.push(selection),
    onPickerChange: (on) => seen.picker.push(on),
  });
  return seen;
};
const rects = (root: Element) => [...root.querySelectorAll('*')].map((el) => JSON.stringify(el.getBoundingClientRect()));
const pointer = (el: Element, type = 'pointermove') => el.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true, cancelable: true }));
const key = (name: string) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));

describe('picker', () => {
  it('EDT-15 outlines and labels the element under the pointer with tag and selector, without moving the page', () => {
    const root = mount(HOMEPAGE);
    const seen = start();
    picker!.setOn(true);
    const before = rects(root);
    const title = root.querySelector('h1')!;
    pointer(title);
    expect(seen.hovers).toEqual(['h1.hero-title']);
    expect(rects(root)).toEqual(before);
    const host = document.querySelector(OVERLAY_TAG) as HTMLElement;
    expect(host.parentElement).toBe(document.documentElement);
    expect(getComputedStyle(host).position).toBe('fixed');
    expect(getComputedStyle(host).pointerEvents).toBe('none');
    // The outline sits on the element: the point at its centre is still the element, not the overlay.
    const box = title.getBoundingClientRect();
    expect(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)).toBe(title);
  });

  it('EDT-15 a click selects without the page handlers seeing it; with the picker off the page works', () => {
    const root = mount(HOMEPAGE);
    const seen = start();
    const link = root.querySelector<HTMLAnchorElement>('a.hero-cta-primary')!;
    const heard: string[] = [];
    for (const type of ['click', 'mousedown', 'pointerdown']) {
      link.addEventListener(type, (event) => { heard.push(type); event.preventDefault(); });
      document.addEventListener(type, () => heard.push(`document ${type}`), true);
    }
    picker!.setOn(true);
    pointer(link, 'pointerdown');
    link.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(heard).toEqual([]);
    expect(click.defaultPrevented).toBe(true);
    expect(seen.selections.map((s) => [s.selector, s.matches, s.tag])).toEqual([['a.hero-cta-primary', 1, 'a']]);
    expect(seen.selections[0].path.map((ref) => ref.label)).toEqual(['body', 'div#fx', 'main#main-content', 'section.hero']);
    picker!.setOn(false);
    link.click();
    expect(heard).toEqual(['document click', 'click']);
    expect(picker!.selected()).toBe(link);
  });

  it('EDT-15 arrow keys move to the parent, first child and siblings; Esc leaves the picker', () => {
    const root = mount(HOMEPAGE);
    const seen = start();
    picker!.setOn(true);
    root.querySelector<HTMLElement>('h1.hero-title')!.click();
    key('ArrowRight');
    key('ArrowLeft');
    key('ArrowLeft');
    key('ArrowUp');
    key('ArrowDown');
    expect(seen.selections.map((s) => s.selector)).toEqual(['h1.hero-title', 'p.hero-description', 'h1.hero-title', 'p.hero-eyebrow', 'section.hero', 'p.hero-eyebrow']);
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.body.dispatchEvent(escape);
    expect(seen.picker).toEqual([true, false]);
    expect(picker!.isOn()).toBe(false);
    // The breadcrumb's way: select by selector.
    expect(picker!.selectBySelector('#site-header')).toBe(true);
    expect(seen.selections.at(-1)!.children.map((c) => c.selector)).toEqual(['nav.top-nav']);
  });

  it('EDT-15 a click on the span of a heading line or a bold word selects the heading or paragraph; a span of its own stays itself', () => {
    const root = mount(`<h1 class="title"><span class="line-1">Ship</span> <span class="line-2">faster</span></h1>
      <p class="lead">Runs <strong><em>everywhere</em></strong> you do</p><div class="counters"><span class="count">1</span></div>`);
    const seen = start();
    picker!.setOn(true);
    root.querySelector<HTMLElement>('span.line-1')!.click();
    root.querySelector<HTMLElement>('p.lead em')!.click();
    root.querySelector<HTMLElement>('span.count')!.click();
    expect(seen.selections.map((s) => s.tag)).toEqual(['h1', 'p', 'span']);
    // The hover outline shows what a click would select; the arrow down still reaches the span.
    pointer(root.querySelector('span.line-2')!);
    expect(seen.hovers.at(-1)).toBe('h1.title');
    root.querySelector<HTMLElement>('span.line-1')!.click();
    key('ArrowDown');
    expect(seen.selections.at(-1)!.tag).toBe('span');
  });
});
