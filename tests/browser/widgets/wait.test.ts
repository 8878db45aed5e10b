/**
 * The widgets' waits (plugins/widgets/_shared/wait.ts) on documents still being parsed, in an iframe
 * opened with `document.open()` (its readyState stays "loading" until `close()`): DOM ready and the load
 * event run a callback once, at their moment; the wait for an anchor calls back once, after the parser is
 * done with it, whatever the page does afterwards; hydration is read from the page contract's attribute
 * and event; what a callback throws is reported with the widget's name.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootKernel } from '../../../core/testing';
import { track, type Track } from '../../../plugins/widgets/_shared/track';
import { onLoad, onReady, waitFor, whenHydrated } from '../../../plugins/widgets/_shared/wait';
import { contextPlugin } from '../../unit/core/kernel/helpers';

const frames: HTMLIFrameElement[] = [];
afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

/** A document still loading, and a widget's track on it; `errors` lists what the kernel reported. */
const loading = (html = '<body>') => {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  frames.push(frame);
  const win = frame.contentWindow as Window & typeof globalThis;
  const doc = frame.contentDocument!;
  doc.open();
  doc.write(html);
  const probe = contextPlugin();
  const k = bootKernel({ win, plugins: [probe.plugin] });
  const t: Track = track('probe_widget', { meta: { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: 'p' }, win, ctx: probe.ctx() });
  return { doc, win, t, errors: () => k.errors(), errorEvents: () => k.events.filter((event) => event.type === 'error') };
};

/** Lets mutation records and queued events be delivered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('widget waits on a page still loading', () => {
  it('WID-6 onReady runs once, at DOM ready, not before; at once when the DOM is ready', async () => {
    const { doc, t } = loading();
    const calls: string[] = [];
    onReady(t, () => calls.push(doc.readyState));
    await settle();
    expect(calls).toEqual([]);
    doc.close();
    await expect.poll(() => calls).toEqual(['interactive']);
    doc.dispatchEvent(new Event('DOMContentLoaded'));
    expect(calls).toHaveLength(1);
    onReady(t, () => calls.push('again'));
    expect(calls).toEqual(['interactive', 'again']);
  });

  it('WID-6 onLoad runs once, at the load event, not at DOM ready', async () => {
    const { doc, win, t } = loading();
    const calls: string[] = [];
    onLoad(t, () => calls.push(doc.readyState));
    onReady(t, () => calls.push('ready'));
    doc.close();
    await expect.poll(() => calls).toEqual(['ready', 'complete']);
    win.dispatchEvent(new Event('load'));
    expect(calls).toEqual(['ready', 'complete']);
  });

  it('WID-6 waitFor calls back once for an anchor already there and parsed, however the page changes afterwards', async () => {
    const { doc, t } = loading('<body><div class="anchor">a</div><p>after</p>');
    const found: Element[] = [];
    waitFor(t, '.anchor', (el) => found.push(el));
    expect(found).toEqual([doc.querySelector('.anchor')]);
    doc.write('<div class="anchor">b</div><p>more</p>');
    doc.close();
    await settle();
    expect(found).toHaveLength(1);
  });

  it('WID-6 waitFor found while parsing calls back once, not again at DOM ready', async () => {
    const { doc, t } = loading('<body><section class="anchor">');
    const found: string[] = [];
    waitFor(t, '.anchor', (el) => found.push(el.textContent ?? ''));
    doc.write('text</section><p>after</p>');
    await expect.poll(() => found).toEqual(['text']);
    doc.close();
    await settle();
    expect(found).toEqual(['text']);
  });

  it('WID-6 what the callback throws is reported with the widget\'s name, never thrown into the page', async () => {
    const { t, errors, errorEvents } = loading('<body><div class="anchor"></div><p></p>');
    expect(() => waitFor(t, '.anchor', () => { throw new Error('broken widget code'); })).not.toThrow();
    expect(errors()).toEqual(['broken widget code']);
    expect(JSON.stringify(errorEvents())).toContain('"widget":"probe_widget"');
    // Found only at DOM ready (the anchor is the page's last element): reported the same way.
    const late = loading('<body><div class="anchor">');
    waitFor(late.t, '.anchor', () => { throw new Error('broken at DOM ready'); });
    late.doc.close();
    await expect.poll(() => late.errors()).toEqual(['broken at DOM ready']);
    expect(JSON.stringify(late.errorEvents())).toContain('"widget":"probe_widget"');
  });

  it('WID-14 hydration is the page contract\'s data-hydrated attribute on <html>, or its site:hydrated event', async () => {
    const first = loading();
    const calls: string[] = [];
    first.doc.documentElement.setAttribute('data-hydrated', '');
    whenHydrated(first.t, () => calls.push('attribute'));
    expect(calls).toEqual(['attribute']);
    const second = loading();
    whenHydrated(second.t, () => calls.push('event'));
    second.win.dispatchEvent(new Event('site:hydrated'));
    expect(calls).toEqual(['attribute', 'event']);
  });
});
