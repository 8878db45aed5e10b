/**
 * CHG-4, CHG-5 in real Chromium: an attribute change sets or removes any attribute, adds and removes
 * single classes without replacing the list, and merges style declarations with the element's own;
 * on* attributes and javascript: URLs are refused with their catalogue texts, nothing touched; undo is exact.
 */
import { describe, expect, it } from 'vitest';
import { body, boot, fixture } from './kit';

describe('any attribute (CHG-4, CHG-5)', () => {
  it('CHG-4 any attribute is set or removed (title, data-*, aria-*, boolean attributes); undo is exact', async () => {
    fixture('<button id="b" class="btn" alt="x" lang="en" style="color: blue; margin: 2px">Go</button>');
    const before = body();
    const t = boot();
    await t.apply([
      { id: 'c', type: 'attribute', selector: '#b', attributes: { title: 'Buy now', 'data-track': 'cta', 'aria-label': 'Buy', disabled: true, alt: false, lang: null } },
    ]);
    const b = document.getElementById('b')!;
    expect([b.title, b.dataset.track, b.getAttribute('aria-label'), b.hasAttribute('disabled'), b.hasAttribute('alt'), b.hasAttribute('lang')]).toEqual([
      'Buy now', 'cta', 'Buy', true, false, false,
    ]);
    expect(t.errors()).toEqual([]);
    t.changes.undoPage('p1');
    // The same attributes and values (a removed attribute put back comes last: the DOM has no way to insert it in place).
    const attrs = (el: Element) => Object.fromEntries([...el.attributes].map((a) => [a.name, a.value]));
    expect(attrs(b)).toEqual({ id: 'b', class: 'btn', alt: 'x', lang: 'en', style: 'color: blue; margin: 2px' });
    expect(b.outerHTML.length).toBe(before.match(/<button[\s\S]*<\/button>/)![0].length);
  });

  it('CHG-4 an attribute named like what every object inherits (constructor, toString) is set like any other; undo removes it', async () => {
    fixture('<div id="d">x</div>');
    const before = body();
    const t = boot();
    await t.apply([{ id: 'c', type: 'attribute', selector: '#d', attributes: { constructor: 'a', toString: 'b', valueOf: true } }]);
    const d = document.getElementById('d')!;
    expect([d.getAttribute('constructor'), d.getAttribute('tostring'), d.getAttribute('valueof')]).toEqual(['a', 'b', '']);
    expect(t.errors()).toEqual([]);
    t.changes.undoPage('p1');
    expect(body()).toBe(before);
  });

  it('CHG-4 single classes are added and removed without replacing the class list; style merges with the element\'s own', async () => {
    fixture('<p id="p" class="a b c" style="color: blue; margin: 2px">x</p><p id="q">y</p>');
    const before = body();
    const t = boot();
    await t.apply([
      { id: 'c1', type: 'attribute', selector: '#p', attributes: { addClass: 'new  b', removeClass: 'c', style: 'color: red; padding: 1px' }, css: { fontSize: '20px' } },
      { id: 'c2', type: 'attribute', selector: '#q', attributes: { addClass: 'only' } },
    ]);
    const p = document.getElementById('p')!;
    expect([...p.classList]).toEqual(['a', 'b', 'new']);
    expect([p.style.color, p.style.margin, p.style.padding, p.style.fontSize]).toEqual(['red', '2px', '1px', '20px']);
    expect(document.getElementById('q')!.className).toBe('only');
    // The page adds a class of its own meanwhile: kept by undo.
    p.classList.add('page');
    t.changes.undoPage('p1');
    expect([...p.classList].sort()).toEqual(['a', 'b', 'c', 'page']);
    p.className = 'a b c';
    expect(body()).toBe(before);
  });

  it('CHG-5 on* attributes and javascript: URLs are refused with their catalogue texts, the element untouched; a name that is no attribute is "Unrecognized attribute"', async () => {
    fixture('<a id="a" href="/x">x</a>');
    const before = body();
    const t = boot();
    await t.apply([
      { id: 'on', type: 'attribute', selector: '#a', attributes: { title: 't', onmouseover: 'steal()' } },
      { id: 'js', type: 'attribute', selector: '#a', attributes: { href: ' jav\nascript:steal()' } },
      { id: 'bad', type: 'attribute', selector: '#a', attributes: { 'two words': 'x' } },
    ]);
    expect(t.errors()).toEqual(['Event handler attributes are refused', 'javascript: URLs are refused', 'Unrecognized attribute']);
    expect(t.changes.changeStates()).toEqual({ on: 'error', js: 'error', bad: 'error' });
    expect(body()).toBe(before);
  });
});
