/** Selector observation in real Chromium: late elements, polling, timeout, skipping, overheat (CHG-18..25). */
import { describe, expect, it } from 'vitest';
import { definePlugin, type ChangesModule } from '../../../core';
import { bootKernel, type FakeClock } from '../../../core/testing';
import changes from '../../../plugins/modules/changes';
import { boot, fixture, sleep } from './kit';

const add = (html: string, parent: Element = document.getElementById('fx')!) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const el = holder.firstElementChild!;
  parent.append(el);
  return el;
};

describe('observing selectors', () => {
  it('CHG-18 CHG-19 matches present are changed at once, late ones as they appear (before the next frame)', async () => {
    fixture('<p class="t">old</p>');
    const t = boot({ timeout: 400 });
    void t.apply([{ id: 'c', type: 'attribute', selector: '#fx .t', attributes: { text: 'new' } }]);
    expect(document.querySelector('#fx .t')!.textContent).toBe('new');
    await sleep(50);
    const late = add('<p class="t">old</p>');
    // The MutationObserver runs in a microtask: changed before any paint could show it.
    await Promise.resolve();
    expect(late.textContent).toBe('new');
    await sleep(500);
    expect(add('<p class="t">old</p>').textContent).toBe('old'); // after the timeout: no longer observed
    expect(t.errors()).toEqual([]);
  });

  it('CHG-20 ERR-23 CHG-13 when nothing matches before the timeout the change is timed_out with "Unable to find selector."', async () => {
    fixture('');
    const t = boot({ timeout: 100 });
    const done = t.apply([{ id: 'c', type: 'attribute', selector: '#fx .never', attributes: { text: 'x' } }]);
    expect(t.changes.changeStates().c).toBe('applying');
    await done;
    expect(t.errors()).toEqual(['Unable to find selector.']);
    expect(t.events.find((e) => e.type === 'error')?.name).toBe('ActionError');
    expect(t.changes.changeStates().c).toBe('timed_out');
    expect(t.events.some((e) => e.type === 'action' && e.name === 'applied')).toBe(true);
  });

  it('CHG-22 by default the selector is observed for 2000 ms after DOM ready', async () => {
    fixture('');
    const t = boot();
    const started = Date.now();
    await t.apply([{ id: 'c', type: 'attribute', selector: '#fx .never', attributes: { text: 'x' } }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1990);
    expect(Date.now() - started).toBeLessThan(2400);
    expect(t.errors()).toEqual(['Unable to find selector.']);
  });

  it('CHG-22 polling every 20 ms finds what mutations do not show (an element that starts to match by a class)', async () => {
    const el = fixture('<p id="p">old</p>').firstElementChild!;
    const t = boot({ timeout: 500 });
    void t.apply([{ id: 'c', type: 'attribute', selector: '#fx .now', attributes: { text: 'new' } }]);
    await sleep(30);
    el.className = 'now';
    await sleep(45);
    expect(el.textContent).toBe('new');
  });

  it('CHG-22 a quiet page is not scanned at every poll: one scan after the pass, then none until something changes', async () => {
    fixture('<p class="qa">a</p><p class="qb">b</p>');
    const t = boot({ timeout: 400 });
    const query = Document.prototype.querySelectorAll;
    let scans = 0;
    Document.prototype.querySelectorAll = function (this: Document, selector: string) {
      // Only this test's selectors: earlier tests' kernels may still be observing theirs.
      if (selector === '#fx .qa' || selector === '#fx .qb') scans++;
      return query.call(this, selector) as never;
    };
    try {
      const done = t.apply([
        { id: 'a', type: 'attribute', selector: '#fx .qa', attributes: { text: 'A' } },
        { id: 'b', type: 'attribute', selector: '#fx .qb', attributes: { class: 'qb c' } },
      ]);
      await done;
      await sleep(60);
      // The first pass, and one rescan at the next poll for what the pass's own edits made match.
      expect(scans).toBe(4);
      // Then 10 polls with nothing changed: no scans (polling every change at every poll would make 20;
      // one stray attribute edit elsewhere in the test page could wake one scan of both).
      scans = 0;
      await sleep(200);
      expect(scans).toBeLessThanOrEqual(2);
      // A class edit by the page is seen by the next poll, which scans again.
      add('<span class="late">x</span>');
      await sleep(10);
      document.querySelector<HTMLElement>('#fx .late')!.className = 'qa';
      await sleep(60);
      expect(document.querySelector('#fx span.qa')!.textContent).toBe('A');
      expect(t.errors()).toEqual([]);
    } finally {
      Document.prototype.querySelectorAll = query;
    }
  });

  it('CHG-22 a selector naming a state no mutation shows (:checked) is still scanned at every poll', async () => {
    fixture('<input id="box" type="checkbox"><label for="box">off</label>');
    const t = boot({ timeout: 500 });
    void t.apply([{ id: 'c', type: 'attribute', selector: '#fx input:checked + label', attributes: { text: 'on' } }]);
    await sleep(30);
    // Checking the box sets no attribute: only polling can see the label start to match.
    document.querySelector<HTMLInputElement>('#box')!.checked = true;
    await sleep(60);
    expect(document.querySelector('#fx label')!.textContent).toBe('on');
  });

  it('CHG-21 elements already changed by the same change are skipped, including those the change created', async () => {
    fixture('<div class="box">a</div>');
    const t = boot({ timeout: 200 });
    await t.apply([{ id: 'c', type: 'append', selector: '#fx .box', operator: 'after', value: '<div class="box">copy</div>' }]);
    add('<span>unrelated</span>');
    await sleep(100);
    expect([...document.querySelectorAll('#fx .box')].map((b) => b.textContent)).toEqual(['a', 'copy']);
  });

  it.each(['append', 'prepend', 'before'] as const)('CHG-21 CHG-6 a match the change created with operator %s is not changed in turn', async (operator) => {
    fixture('<div class="card">a</div>');
    const t = boot({ timeout: 200 });
    await t.apply([{ id: 'c', type: 'append', selector: '#fx .card', operator, value: '<div class="card">copy</div>' }]);
    add('<span>unrelated</span>');
    await sleep(100);
    expect(document.querySelectorAll('#fx .card')).toHaveLength(2);
    expect(t.errors()).toEqual([]);
  });

  it('CHG-21 CHG-6 the same holds for a change that matches many elements (one query of the document then)', async () => {
    fixture('<div class="card">a</div>'.repeat(20));
    const t = boot({ timeout: 200 });
    await t.apply([{ id: 'c', type: 'append', selector: '#fx .card', value: '<div class="card">copy</div>' }]);
    add('<span>unrelated</span>');
    await sleep(100);
    expect(document.querySelectorAll('#fx .card')).toHaveLength(40);
    expect(document.querySelectorAll('#fx > .card > .card')).toHaveLength(20);
  });

  it('CHG-21 new markup of an html change that matches the selector is not changed in turn', async () => {
    fixture('<div class="card">a</div>');
    const t = boot({ timeout: 200 });
    await t.apply([{ id: 'c', type: 'attribute', selector: '#fx .card', attributes: { html: '<div class="card">inner</div>' } }]);
    add('<span>unrelated</span>');
    await sleep(100);
    expect(document.getElementById('fx')!.innerHTML).toBe('<div class="card"><div class="card">inner</div></div><span>unrelated</span>');
  });

  it('CHG-21 a match inside one the change edited first, there before the change, is still changed', async () => {
    // Both cards match; the outer one is changed first. Its inner card was not made by the change, so
    // looking for what the change made must not take it for one.
    fixture('<div class="card">a<div class="card">b</div></div>');
    const t = boot({ timeout: 200 });
    await t.apply([{ id: 'c', type: 'append', selector: '#fx .card', value: '<i class="tag">+</i>' }]);
    expect([...document.querySelectorAll('#fx .card')].map((card) => card.querySelectorAll(':scope > .tag').length)).toEqual([1, 1]);
    add('<span>unrelated</span>');
    await sleep(100);
    expect(document.querySelectorAll('#fx .tag')).toHaveLength(2);
  });

  it('CHG-23 CHG-24 CHG-25 observing indefinitely, a change re-applied in more than 10 macrotasks within 1000 ms is cancelled with an error', async () => {
    fixture('<p class="churn">old</p>');
    const t = boot({ observeIndefinitely: true });
    void t.apply([{ id: 'c', type: 'attribute', selector: '#fx .churn', attributes: { text: 'new' } }]);
    // The page re-renders the element every 30 ms (a framework fighting the change).
    const churn = setInterval(() => document.querySelector('#fx .churn')!.replaceWith(add('<p class="churn">old</p>')), 30);
    await sleep(600);
    clearInterval(churn);
    expect(t.errors()).toEqual(['Change "c" overheated: applied in more than 10 macrotasks within 1000 ms, cancelled']);
    expect(t.changes.changeStates().c).toBe('error');
    const last = add('<p class="churn">old</p>');
    await sleep(50);
    expect(last.textContent).toBe('old'); // cancelled: no longer observed
  });

  it('CHG-25 without observing indefinitely the same churn is no error, and observing indefinitely is read from the controls module', async () => {
    fixture('<p class="churn">old</p>');
    const t = boot({ timeout: 300 });
    void t.apply([{ id: 'c', type: 'attribute', selector: '#fx .churn', attributes: { text: 'new' } }]);
    const churn = setInterval(() => document.querySelector('#fx .churn')!.replaceWith(add('<p class="churn">old</p>')), 20);
    await sleep(500);
    clearInterval(churn);
    expect(t.errors()).toEqual([]);

    // Stand-in for the controls module of the pages plugin (URL-27 directive).
    const controls = definePlugin({
      type: 'tracker',
      name: 'controls-stand-in',
      setup: (ctx) => ctx.registerModule('controls', { observeIndefinitely: () => true }),
    });
    fixture('');
    const u = boot({ timeout: 50 }, [controls]);
    void u.apply([{ id: 'd', type: 'attribute', selector: '#fx .later', attributes: { text: 'new' } }]);
    await sleep(150);
    expect(u.errors()).toEqual([]);
    const later = add('<p class="later">old</p>');
    await Promise.resolve();
    expect(later.textContent).toBe('new');
  });

  it('PAG-18 cancelObservation stops observing the page\'s changes', async () => {
    fixture('');
    const t = boot({ timeout: 500 });
    void t.apply([{ id: 'c', type: 'attribute', selector: '#fx .t', attributes: { text: 'new' } }]);
    t.changes.cancelObservation('p1');
    const el = add('<p class="t">old</p>');
    await sleep(50);
    expect(el.textContent).toBe('old');
  });

  it('CHG-17 an async change loads its script first, then is applied', async () => {
    fixture('<p id="p">old</p>');
    const src = URL.createObjectURL(new Blob(['window.__variaAsync = "loaded";'], { type: 'text/javascript' }));
    const t = boot();
    await t.apply([
      {
        id: 'c',
        type: 'custom_code',
        src,
        value: (api) => void (api.win!.document.getElementById('p')!.textContent = (api.win as any).__variaAsync),
      },
    ]);
    expect(document.getElementById('p')!.textContent).toBe('loaded');
    expect(document.querySelectorAll(`script[src="${src}"]`).length).toBe(1);
  });

  it('CHG-17 NET-7 a script that fails to load is "Failed to load async change from <src>"', async () => {
    const t = boot();
    await t.apply([{ id: 'c', type: 'custom_code', src: 'http://127.0.0.1:9/missing.js', value: () => 1 }]);
    expect(t.errors()).toEqual(['Failed to load async change from http://127.0.0.1:9/missing.js']);
  });

  it('CHG-26 observeSelector calls back once per element, present and late', async () => {
    fixture('<i class="o"></i>');
    const t = boot({ timeout: 300 });
    const seen: Element[] = [];
    const stop = t.changes.observeSelector('#fx .o', (el) => seen.push(el));
    const late = add('<i class="o"></i>');
    await sleep(60);
    expect(seen).toEqual([document.querySelector('#fx .o'), late]);
    expect(() => t.changes.observeSelector('#fx [', () => {})).toThrow('observeSelector needs a valid CSS selector');
    stop();
  });

  it('CHG-22 CHG-26 an element that appears once the watch\'s time is up is not reported, even before its timer has run', async () => {
    fixture('');
    // The clock reads what the test sets; its timers are held back, as a busy page can hold back a timer.
    let now = 1000;
    const clock = { now: () => now, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms + 60_000), clearTimeout: (id: unknown) => clearTimeout(id as number) };
    const t = bootKernel({ win: window, clock: clock as unknown as FakeClock, plugins: [changes({ timeout: 300 })] });
    const seen: string[] = [];
    const stop = (t.get('changes') as ChangesModule).observeSelector('#fx .o', (el) => seen.push(el.id));
    add('<i class="o" id="in-time"></i>');
    await expect.poll(() => seen).toEqual(['in-time']);
    now = 1300;
    add('<i class="o" id="too-late"></i>');
    // Mutation records are delivered before this timer runs.
    await sleep(0);
    expect(seen).toEqual(['in-time']);
    stop();
    t.kernel.destroy();
  });
});
