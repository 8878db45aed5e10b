/** Every change type applied in real Chromium, and undone exactly (the body's markup as before). */
import { describe, expect, it } from 'vitest';
import type { Change } from '../../../core/project/types';
import { body, boot, fixture } from './kit';

const SAMPLE = `<ul class="list"><li class="item" style="color:blue">One <b>bold</b></li><li class="item">Two</li></ul>
<a id="link" href="/old">link</a><img id="pic" src="/a.png" alt=""><p id="anchor">anchor</p><p id="other">other</p>`;

describe('change appliers in the page', () => {
  it('CHG-4 CHG-18 attribute kinds class, html, href, src, style, text, hide, remove and css apply to every match; undo is exact', async () => {
    fixture(SAMPLE);
    const before = body();
    const t = boot();
    await t.apply([
      { id: 'c1', type: 'attribute', selector: '#fx .item', attributes: { class: 'item new', style: 'font-weight: 700' }, css: { fontSize: '20px' } },
      { id: 'c2', type: 'attribute', selector: '#link', attributes: { href: '/new', text: 'new link' } },
      { id: 'c3', type: 'attribute', selector: '#pic', attributes: { src: '/b.png', hide: true } },
      { id: 'c4', type: 'attribute', selector: '#anchor', attributes: { html: '<i>changed</i>' } },
      { id: 'c5', type: 'attribute', selector: '#other', attributes: { remove: true } },
    ]);
    const items = [...document.querySelectorAll<HTMLElement>('#fx li')];
    expect(items.map((li) => li.className)).toEqual(['item new', 'item new']);
    expect(items[0].style.color).toBe('blue');
    expect(items.map((li) => getComputedStyle(li).fontWeight)).toEqual(['700', '700']);
    expect(items[1].style.fontSize).toBe('20px');
    const link = document.getElementById('link')!;
    expect([link.getAttribute('href'), link.textContent]).toEqual(['/new', 'new link']);
    expect(document.getElementById('pic')!.getAttribute('src')).toBe('/b.png');
    expect(getComputedStyle(document.getElementById('pic')!).visibility).toBe('hidden');
    expect(document.getElementById('anchor')!.innerHTML).toBe('<i>changed</i>');
    expect(getComputedStyle(document.getElementById('other')!).display).toBe('none');
    expect(t.errors()).toEqual([]);
    const bold = document.querySelector('#fx b');
    t.changes.undoPage('p1');
    expect(t.errors()).toEqual([]);
    expect(body()).toBe(before);
    expect(document.querySelector('#fx b')).toBe(bold);
  });

  it('CHG-6 append inserts HTML after, inside at the end, before and inside at the start; undo is exact', async () => {
    fixture(SAMPLE);
    const before = body();
    const t = boot();
    const add = (id: string, operator: string): Change =>
      ({ id, type: 'append', selector: '#anchor', operator, value: `<span class="${id}">${id}</span>` }) as Change;
    await t.apply([add('after', 'after'), add('append', 'append'), add('before', 'before'), add('prepend', 'prepend')]);
    const anchor = document.getElementById('anchor')!;
    expect(anchor.previousElementSibling?.className).toBe('before');
    expect(anchor.nextElementSibling?.className).toBe('after');
    expect(anchor.innerHTML).toBe('<span class="prepend">prepend</span>anchor<span class="append">append</span>');
    t.changes.undoPage('p1');
    expect(body()).toBe(before);
  });

  it('CHG-6 append parses like a template whatever the target: table parts kept, scripts never run; undo is exact', async () => {
    fixture('<table><tbody id="rows"><tr><td>a</td></tr></tbody></table><div id="box"></div>');
    const before = body();
    const t = boot();
    (window as unknown as { __ran?: number }).__ran = 0;
    await t.apply([
      { id: 'row', type: 'append', selector: '#rows', value: '<tr class="new"><td>b</td></tr>' },
      { id: 'cell', type: 'append', selector: '#box', value: '<td class="cell">c</td>' },
      { id: 'js', type: 'append', selector: '#box', value: '<p class="p">x</p><script>window.__ran++</script>' },
    ] as Change[]);
    expect(document.querySelector('#rows tr.new td')?.textContent).toBe('b');
    expect(document.querySelector('#box > td.cell')?.textContent).toBe('c');
    expect(document.querySelector('#box > p.p')?.textContent).toBe('x');
    expect((window as unknown as { __ran?: number }).__ran).toBe(0);
    expect(t.errors()).toEqual([]);
    t.changes.undoPage('p1');
    expect(body()).toBe(before);
  });

  it('CHG-7 ERR-26 an append change producing no DOM node is "No DOM elements to be created for this change"', async () => {
    fixture(SAMPLE);
    const t = boot();
    await t.apply([{ id: 'e', type: 'append', selector: '#anchor', value: '   ' }]);
    expect(t.errors()).toEqual(['No DOM elements to be created for this change']);
    expect(t.changes.changeStates().e).toBe('error');
  });

  it('CHG-6 rearrange moves each match next to the insert selector; undo puts it back', async () => {
    fixture(SAMPLE);
    const before = body();
    const t = boot();
    await t.apply([{ id: 'r', type: 'rearrange', selector: '#other', insertSelector: '#link', operator: 'before' }]);
    expect(document.getElementById('link')!.previousElementSibling?.id).toBe('other');
    t.changes.undoPage('p1');
    expect(body()).toBe(before);
  });

  it('CHG-8 custom code changes the page through the api and its returned function undoes it', async () => {
    fixture(SAMPLE);
    const before = body();
    const t = boot();
    await t.apply([
      {
        id: 'cc',
        type: 'custom_code',
        value: (api) => {
          const el = api.win!.document.getElementById('anchor')!;
          el.dataset.seen = 'yes';
          return () => delete el.dataset.seen;
        },
      },
    ]);
    expect(document.getElementById('anchor')!.dataset.seen).toBe('yes');
    t.changes.undoPage('p1');
    expect(body()).toBe(before);
  });

  it('undo of one action with every type, in dependency order, returns the page to its original DOM', async () => {
    fixture(SAMPLE);
    const before = body();
    const t = boot();
    await t.apply([
      { id: 'a', type: 'append', selector: '#anchor', operator: 'after', value: '<div id="added"><p class="item">x</p></div>' },
      { id: 'b', type: 'attribute', selector: '#added .item', dependencies: ['a'], attributes: { text: 'y', class: 'z' } },
      { id: 'c', type: 'rearrange', selector: '#added', insertSelector: '.list', operator: 'prepend', dependencies: ['b'] },
      { id: 'd', type: 'widget', widget_id: 'none' },
      { id: 'e', type: 'attribute', selector: '#fx li', css: { color: 'red' }, attributes: { html: '<em>new</em>' } },
    ]);
    expect(document.querySelector('.list > #added > .z')?.textContent).toBe('y');
    expect(Object.values(t.changes.changeStates())).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    t.changes.undoPage('p1');
    expect(body()).toBe(before);
  });
});
