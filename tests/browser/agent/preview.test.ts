/** Live preview through the runtime's own appliers (EDT-21) and the no-match flag (EDT-22), in real Chromium. */
import { describe, expect, it } from 'vitest';
import { definePlugin, type UndoHandle } from '../../../core';
import { createPreview } from '../../../desktop/agent/preview';
import type { PreviewChange, PreviewResult } from '../../../desktop/agent/protocol';
import { HOMEPAGE, mount } from './markup';

const VARIATION_A: PreviewChange[] = [
  { id: 'a1', type: 'attribute', selector: 'h1.hero-title', attributes: { text: 'A new title' } },
  { id: 'a2', type: 'attribute', selector: 'a.hero-cta-primary', attributes: { href: '/try', class: 'hero-cta-primary big' }, css: { color: 'red' } },
  { id: 'a3', type: 'append', selector: 'p.hero-description', operator: 'after', value: '<p class="added">Added</p>' },
  { id: 'a4', type: 'rearrange', selector: 'section.events-banner', insertSelector: '#site-header', operator: 'after' },
  { id: 'a5', type: 'attribute', selector: '.promo-banner', attributes: { remove: true } },
  { id: 'a6', type: 'widget', widget_id: 'test-badge', config: { text: 'Hi' } },
];
const VARIATION_B: PreviewChange[] = [
  { id: 'b1', type: 'attribute', selector: 'h1.hero-title', attributes: { html: '<em>B</em> title' } },
  { id: 'b2', type: 'attribute', selector: 'section.hero', attributes: { style: 'background: black' } },
  { id: 'b3', type: 'attribute', selector: '.no-such-block', attributes: { hide: true } },
];

/** A widget plugin standing in for the homepage's (which follow the same contract). */
const badge = () => {
  const shown = new Set<UndoHandle>();
  return definePlugin({
    type: 'widget',
    name: 'test-badge',
    schema: { text: { type: 'string', default: 'Badge' } },
    show(config: Record<string, unknown>) {
      const el = document.createElement('aside');
      el.className = 'badge';
      el.textContent = String(config.text);
      document.querySelector('#fx')!.prepend(el);
      const handle = { undo: () => (el.remove(), shown.delete(handle)) };
      shown.add(handle);
      return handle;
    },
    hide: () => [...shown].forEach((handle) => handle.undo()),
  });
};

describe('live preview', () => {
  it('EDT-21 applies a variation with the runtime appliers and switching undoes it exactly before applying the other', async () => {
    const root = mount(HOMEPAGE);
    const original = root.outerHTML;
    const title = root.querySelector('h1')!;
    const preview = createPreview(window, [badge()], '');
    let firstPass: PreviewResult[] = [];
    const results = await preview.apply(VARIATION_A, (list) => (firstPass = list));
    expect(firstPass.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied']);
    expect(results.every((r) => !r.error)).toBe(true);
    expect(title.textContent).toBe('A new title');
    expect(root.querySelector('aside.badge')!.textContent).toBe('Hi');
    expect(root.querySelector('#site-header')!.nextElementSibling!.className).toBe('events-banner');
    await preview.apply(VARIATION_B);
    expect(title.innerHTML).toBe('<em>B</em> title');
    expect(root.querySelector('aside.badge, p.added')).toBeNull();
    preview.clear();
    expect(root.outerHTML).toBe(original);
    // The very same nodes are back, not copies.
    expect(root.querySelector('h1')).toBe(title);
  });

  it('EDT-22 a change whose selector matches nothing is reported with zero matches and not applied', async () => {
    mount(HOMEPAGE);
    const preview = createPreview(window, [], '');
    let firstPass: PreviewResult[] = [];
    const pending = preview.apply(VARIATION_B, (list) => (firstPass = list));
    expect(firstPass.find((r) => r.id === 'b3')).toMatchObject({ matches: 0 });
    expect(firstPass.find((r) => r.id === 'b1')).toMatchObject({ matches: 1, status: 'applied' });
    const settled = await pending;
    expect(settled.find((r) => r.id === 'b3')).toMatchObject({ matches: 0, status: 'timed_out' });
    preview.clear();
  });

  it('EDT-21 EDT-26 one text edit is previewed within 50 ms', async () => {
    mount(HOMEPAGE);
    const preview = createPreview(window, [], '');
    await preview.apply([]);
    const times: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const start = performance.now();
      await new Promise<void>((resolve) =>
        void preview.apply([{ id: 't', type: 'attribute', selector: 'h1.hero-title', attributes: { text: `Title ${i}` } }], () => resolve()),
      );
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    expect(document.querySelector('h1')!.textContent).toBe('Title 9');
    expect(times[5]).toBeLessThan(50);
    preview.clear();
  });
});
