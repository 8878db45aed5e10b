/**
 * Ruling 23 (CHG-18, CHG-19, CHG-21): changes survive the page's own re-renders while they are observed.
 * The page here re-renders like a framework does: it replaces a component's innerHTML (new nodes), replaces
 * a node, rewrites an element's text in place and resets an attribute. Each time the change is applied
 * again before the next frame; undo restores the page's newest own content, and a page that fights every
 * edit cannot make the runtime loop (the overheat guard holds).
 */
import { describe, expect, it } from 'vitest';
import { applyAttributes } from '../../../plugins/change-appliers/attribute';
import { boot, fixture, sleep } from './kit';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;

/** A tiny component: the whole markup from state, as a framework's render writes it. */
const render = (root: HTMLElement, state: { title: string; href: string }) => {
  root.innerHTML = `<h1 class="title">${state.title}</h1><a class="cta" href="${state.href}" title="page">Buy</a>`;
};

describe('changes survive re-renders (ruling 23)', () => {
  it('CHG-18 CHG-19 a component re-rendered with new nodes (innerHTML replaced, node replaced) gets the changes again before the next frame', async () => {
    const app = fixture('');
    render(app, { title: 'Hello', href: '/buy' });
    const t = boot({ timeout: 1000 });
    await t.apply([
      { id: 'title', type: 'attribute', selector: '#fx .title', attributes: { text: 'Welcome' } },
      { id: 'cta', type: 'attribute', selector: '#fx .cta', attributes: { href: '/offer', class: 'cta big' } },
    ]);
    expect([$('#fx .title').textContent, $('#fx .cta').getAttribute('href')]).toEqual(['Welcome', '/offer']);
    for (let n = 1; n <= 3; n++) {
      render(app, { title: `Hello ${n}`, href: `/buy?n=${n}` });
      await frame();
      expect([$('#fx .title').textContent, $('#fx .cta').getAttribute('href'), $('#fx .cta').className]).toEqual(['Welcome', '/offer', 'cta big']);
    }
    // Replace the node itself.
    const fresh = document.createElement('h1');
    fresh.className = 'title';
    fresh.textContent = 'Hello again';
    $('#fx .title').replaceWith(fresh);
    await frame();
    expect(fresh.textContent).toBe('Welcome');
    expect(t.errors()).toEqual([]);
    t.changes.undoPage('p1');
    expect([$('#fx .title').textContent, $('#fx .cta').getAttribute('href'), $('#fx .cta').className]).toEqual(['Hello again', '/buy?n=3', 'cta']);
  });

  it('CHG-21 ruling 23 an element the page rewrites in place (text, content, attribute) is changed again; undo restores the page\'s newest content', async () => {
    const app = fixture('');
    render(app, { title: 'Hello', href: '/buy' });
    const title = $('#fx .title');
    const cta = $('#fx .cta');
    const t = boot({ timeout: 1000 });
    await t.apply([
      { id: 'title', type: 'attribute', selector: '#fx .title', attributes: { html: '<em>Welcome</em>' } },
      { id: 'cta', type: 'attribute', selector: '#fx .cta', attributes: { href: '/offer', style: 'color: red' } },
    ]);
    // The page's own code rewrites the content, the attribute and the style of the same elements.
    title.textContent = 'Hello 2';
    cta.setAttribute('href', '/buy?v=2');
    cta.setAttribute('style', 'font-weight: 700');
    await frame();
    expect(title.innerHTML).toBe('<em>Welcome</em>');
    expect(cta.getAttribute('href')).toBe('/offer');
    expect([cta.style.color, cta.style.fontWeight]).toEqual(['red', '700']);
    // Text rewritten in place (a text node's data, as frameworks update text).
    title.innerHTML = 'Hello 3';
    (title.firstChild as Text).data = 'Hello 4';
    await frame();
    expect(title.innerHTML).toBe('<em>Welcome</em>');
    expect(t.changes.changeStates()).toEqual({ title: 'applied', cta: 'applied' });
    t.changes.undoPage('p1');
    // Not the stale original ('Hello', '/buy', no style): the page's newest own content.
    expect(title.textContent).toBe('Hello 4');
    expect(cta.getAttribute('href')).toBe('/buy?v=2');
    expect(cta.getAttribute('style')).toBe('font-weight: 700');
    expect(t.errors()).toEqual([]);
  });

  it('CHG-19 ruling 23 HTML appended into an element is inserted again when the page re-renders the element\'s content; undo removes it', async () => {
    fixture('<ul class="list"><li>one</li></ul>');
    const list = $('#fx .list');
    const t = boot({ timeout: 1000 });
    await t.apply([{ id: 'promo', type: 'append', selector: '#fx .list', operator: 'append', value: '<li class="promo">promo</li>' }]);
    list.innerHTML = '<li>one</li><li>two</li>';
    await frame();
    expect(list.innerHTML).toBe('<li>one</li><li>two</li><li class="promo">promo</li>');
    expect(document.querySelectorAll('#fx .promo')).toHaveLength(1);
    t.changes.undoPage('p1');
    expect(list.innerHTML).toBe('<li>one</li><li>two</li>');
  });

  it('CHG-21 a rewrite of something the change did not set is left alone, and the change is not applied twice', async () => {
    fixture('<p class="note" data-n="1">note</p>');
    const note = $('#fx .note');
    const t = boot({ timeout: 1000 });
    await t.apply([{ id: 'c', type: 'attribute', selector: '#fx .note', attributes: { style: 'color: red' } }]);
    note.style.fontSize = '20px';
    note.dataset.n = '2';
    await frame();
    await sleep(40);
    expect(note.getAttribute('style')).toBe('color: red; font-size: 20px;');
    t.changes.undoPage('p1');
    // Only what the change set goes: the page's own later declaration stays.
    expect(note.getAttribute('style')).toBe('font-size: 20px;');
  });

  it('CHG-23 CHG-24 ruling 23 a page that resets the attribute after every edit cannot make the runtime loop: the overheat guard cancels it', async () => {
    fixture('<a class="fight" href="/page">x</a>');
    const link = $('#fx .fight');
    let resets = 0;
    // The page's own observer puts its value back whenever anything else writes it.
    const fighter = new MutationObserver(() => {
      if (link.getAttribute('href') !== '/page') {
        resets++;
        link.setAttribute('href', '/page');
      }
    });
    fighter.observe(link, { attributes: true });
    const t = boot({ timeout: 1500 });
    void t.apply([{ id: 'c', type: 'attribute', selector: '#fx .fight', attributes: { href: '/ours' } }]);
    await expect.poll(() => t.errors(), { timeout: 5000 }).toEqual(['Change "c" overheated: applied in more than 10 macrotasks within 1000 ms, cancelled']);
    const after = resets;
    await sleep(100);
    fighter.disconnect();
    // At most one re-application per macrotask, at most 11 before the guard: no loop.
    expect(after).toBeLessThanOrEqual(12);
    expect(resets).toBe(after);
    expect(t.changes.changeStates().c).toBe('error');
  });

  it('CHG-19 ruling 23 after the observation window a rewrite is the page\'s own: not changed again, and undo leaves it', async () => {
    fixture('<a class="late" href="/page">x</a>');
    const link = $('#fx .late');
    const t = boot({ timeout: 100 });
    await t.apply([{ id: 'c', type: 'attribute', selector: '#fx .late', attributes: { href: '/ours', text: 'ours' } }]);
    await sleep(250);
    link.setAttribute('href', '/page-v2');
    link.textContent = 'page v2';
    await sleep(60);
    expect([link.getAttribute('href'), link.textContent]).toEqual(['/page-v2', 'page v2']);
    t.changes.undoPage('p1');
    expect([link.getAttribute('href'), link.textContent]).toEqual(['/page-v2', 'page v2']);
  });
});

/**
 * Peer parity (issue 35): the cases of GrowthBook's dom-mutator suite that apply to our change types,
 * rewritten for this runtime: an html change follows edits inside the markup it set, and two changes
 * of one element stack (the later wins; undo in either order leaves the page's own content).
 */
describe('changes on one element and inside changed markup (peer parity)', () => {
  it('CHG-21 ruling 23 an html change is applied again when the page edits a descendant\'s text in place', async () => {
    fixture('<div class="box">foo</div>');
    const box = $('#fx .box');
    const t = boot({ timeout: 1000 });
    await t.apply([{ id: 'c', type: 'attribute', selector: '#fx .box', attributes: { html: 'bar' } }]);
    (box.firstChild as Text).data = 'baz';
    await expect.poll(() => box.innerHTML).toBe('bar');
    expect(t.errors()).toEqual([]);
  });

  it('CHG-21 ruling 23 an html change is applied again when the page sets an attribute inside it', async () => {
    fixture('<div class="box">foo</div>');
    const box = $('#fx .box');
    const t = boot({ timeout: 1000 });
    await t.apply([{ id: 'c', type: 'attribute', selector: '#fx .box', attributes: { html: '<p>bar</p>' } }]);
    box.querySelector('p')!.title = 'page';
    await expect.poll(() => box.innerHTML).toBe('<p>bar</p>');
    t.changes.undoPage('p1');
    expect(box.innerHTML).toBe('<p title="page">bar</p>');
  });

  it('CHG-21 two html changes of one element: the later wins without a fight, undo brings back the earlier then the original', async () => {
    fixture('<div class="box"></div>');
    const box = $('#fx .box');
    const t = boot({ timeout: 1000 });
    await t.apply([
      { id: 'first', type: 'attribute', selector: '#fx .box', attributes: { html: 'foo' } },
      { id: 'second', type: 'attribute', selector: '#fx .box', attributes: { html: 'bar' } },
    ]);
    expect(box.innerHTML).toBe('bar');
    // Several polls later: still the later change's, neither overheated.
    await sleep(120);
    expect(box.innerHTML).toBe('bar');
    expect(t.changes.changeStates()).toEqual({ first: 'applied', second: 'applied' });
    // A page re-render is followed by the change on top only.
    box.textContent = 'page';
    await expect.poll(() => box.innerHTML).toBe('bar');
    expect(t.errors()).toEqual([]);
    t.changes.undoPage('p1');
    expect(box.innerHTML).toBe('page');
  });

  it('CHG-21 a class set between two class additions: the classes added after it stay, no fight', async () => {
    fixture('<div class="box foo"></div>');
    const box = $('#fx .box');
    const t = boot({ timeout: 1000 });
    await t.apply([
      { id: 'a', type: 'attribute', selector: '#fx .box', attributes: { addClass: 'bar' } },
      { id: 'b', type: 'attribute', selector: '#fx .box', attributes: { class: 'box baz' } },
      { id: 'c', type: 'attribute', selector: '#fx .box', attributes: { addClass: 'last' } },
    ]);
    await sleep(120);
    expect(box.className).toBe('box baz last');
    expect(t.errors()).toEqual([]);
    t.changes.undoPage('p1');
    expect(box.className).toBe('box foo');
  });

  it('CHG-21 two edits of one element undone out of order (their pages left in another order) leave the page\'s own value', () => {
    fixture('<a class="link" href="/own">own</a>');
    const link = $('#fx .link');
    const first = applyAttributes({ id: 'a', type: 'attribute', selector: '#fx .link', attributes: { href: '/a', html: 'A' } }, link);
    const second = applyAttributes({ id: 'b', type: 'attribute', selector: '#fx .link', attributes: { href: '/b', html: 'B' } }, link);
    first.undo();
    expect([link.getAttribute('href'), link.innerHTML]).toEqual(['/b', 'B']);
    second.undo();
    expect([link.getAttribute('href'), link.innerHTML]).toEqual(['/own', 'own']);
  });
});

