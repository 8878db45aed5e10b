/** Element-level pre-hiding in real Chromium: hidden while pending, shown when applied or failed, never the page. */
import { describe, expect, it } from 'vitest';
import { boot, fixture, sleep } from './kit';

const visibility = (selector: string) => getComputedStyle(document.querySelector(selector)!).visibility;

describe('pre-hiding', () => {
  it('an element targeted by a pending change is hidden until that change is applied; the page is not hidden', async () => {
    fixture('<h1 id="target">original</h1><p id="free">free</p>');
    const t = boot({ timeout: 1000 });
    const done = t.apply([
      { id: 'a', type: 'attribute', selector: '#fx .gate', attributes: { text: 'gate' } },
      { id: 'b', type: 'attribute', selector: '#target', dependencies: ['a'], attributes: { text: 'changed' } },
    ]);
    await sleep(30);
    expect(t.changes.changeStates()).toEqual({ a: 'applying', b: 'blocked' });
    expect(visibility('#target')).toBe('hidden');
    expect(visibility('#free')).toBe('visible');
    expect(visibility('body')).toBe('visible');
    document.getElementById('fx')!.insertAdjacentHTML('beforeend', '<span class="gate"></span>');
    await done;
    expect(document.getElementById('target')!.textContent).toBe('changed');
    expect(visibility('#target')).toBe('visible');
  });

  it('a change that times out releases its elements, and a change that cannot apply releases them too', async () => {
    fixture('<h1 id="target">original</h1>');
    const t = boot({ timeout: 80 });
    const done = t.apply([
      { id: 'a', type: 'attribute', selector: '#fx .never', attributes: { text: 'x' } },
      { id: 'b', type: 'attribute', selector: '#target', dependencies: ['a'], attributes: { text: 'changed' } },
    ]);
    await sleep(20);
    expect(visibility('#target')).toBe('hidden');
    await done;
    expect(t.changes.changeStates()).toEqual({ a: 'timed_out', b: 'ignored' });
    expect(visibility('#target')).toBe('visible');
    expect(document.getElementById('target')!.textContent).toBe('original');
  });

  it('prehide(selectors) hides early and its safety timeout shows the elements again; release is idempotent', async () => {
    fixture('<h1 id="target">original</h1>');
    const t = boot();
    t.changes.prehide(['#target'], 60);
    const release = t.changes.prehide(['#target', 'not a [valid selector']);
    expect(visibility('#target')).toBe('hidden');
    release();
    release();
    expect(visibility('#target')).toBe('hidden'); // still held by the first pre-hide
    await sleep(90);
    expect(visibility('#target')).toBe('visible');
    expect(document.adoptedStyleSheets.some((sheet) => sheet.cssRules.length)).toBe(false);
  });

  it('PAG-18 cancelling observation settles waiting changes (unapplied, ignored), ends their pre-hiding and the action', async () => {
    fixture('<h1 id="target">original</h1>');
    const t = boot({ timeout: 5000 });
    const done = t.apply([
      { id: 'a', type: 'attribute', selector: '#fx .gate', attributes: { text: 'gate' } },
      { id: 'b', type: 'attribute', selector: '#target', dependencies: ['a'], attributes: { text: 'changed' } },
    ]);
    expect(visibility('#target')).toBe('hidden');
    t.changes.cancelObservation('p1');
    await done;
    expect(t.changes.changeStates()).toEqual({ a: 'unapplied', b: 'ignored' });
    expect(visibility('#target')).toBe('visible');
    document.getElementById('fx')!.insertAdjacentHTML('beforeend', '<span class="gate">g</span>');
    await sleep(50);
    expect(document.querySelector('#fx .gate')!.textContent).toBe('g');
    expect(t.errors()).toEqual([]);
  });

  it('an action whose changes wait writes the pre-hiding rules once, and the releases of one scan once', async () => {
    fixture('<div id="late"></div>');
    const t = boot({ timeout: 1000 });
    const writes: string[] = [];
    const replaceSync = CSSStyleSheet.prototype.replaceSync;
    CSSStyleSheet.prototype.replaceSync = function (this: CSSStyleSheet, text: string) {
      writes.push(text);
      return replaceSync.call(this, text);
    };
    try {
      const list = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, type: 'attribute' as const, selector: `#late .item${i}`, attributes: { text: `new ${i}` } }));
      const done = t.apply(list);
      expect(writes.length).toBe(1);
      expect(writes[0].split('\n')).toHaveLength(20);
      // Each element arrives hidden, before any change has run on it.
      document.getElementById('late')!.innerHTML = list.map((_, i) => `<p class="item${i}">old ${i}</p>`).join('');
      expect(visibility('#late .item7')).toBe('hidden');
      await done;
      expect(writes).toEqual([writes[0], '']);
      expect(document.querySelector('#late .item7')!.textContent).toBe('new 7');
      expect(visibility('#late .item7')).toBe('visible');
      expect(t.errors()).toEqual([]);
    } finally {
      CSSStyleSheet.prototype.replaceSync = replaceSync;
    }
  });
});
