/** The widget kind's shared helpers in real Chromium: placing, the injection record, waiting, links, breakpoints, bad config. */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createFakeClock } from '../../../core/testing';
import { deviceOf, BREAKPOINTS } from '../../../plugins/widgets/_shared/breakpoints';
import { MSG_NO_NODE, MSG_NO_REF, place } from '../../../plugins/widgets/_shared/dom';
import { localize, withParam } from '../../../plugins/widgets/_shared/links';
import { str } from '../../../plugins/widgets/_shared/schema';
import { defineWidget } from '../../../plugins/widgets/_shared/widget';
import koreanFooter, { KOREAN_FOOTER_ID } from '../../../plugins/widgets/korean-footer';
import topBanner, { TOP_BANNER_ID } from '../../../plugins/widgets/top-banner';
import { boot, fixture, snapshot } from './kit';

describe('widget DOM helpers', () => {
  it('WID-5 place throws when the node to place or its reference is missing', () => {
    const root = fixture('<p id="ref">ref</p>');
    const node = document.createElement('span');
    expect(() => place(null, root, 'into')).toThrow(MSG_NO_NODE);
    expect(() => place(node, null, 'before')).toThrow(MSG_NO_REF);
    expect(() => place(node, document.createElement('p'), 'after')).toThrow(MSG_NO_REF); // a detached reference has no place
    expect(place(node, root.querySelector('#ref'), 'after')).toBe(node);
    expect(root.innerHTML).toBe('<p id="ref">ref</p><span></span>');
  });

  it('WID-2 the injection record undoes exactly: style sheet, added and removed nodes, attributes, contents, inline styles, listeners', async () => {
    const root = fixture('<p id="a" class="x" style="color: red;">one <b>two</b></p><p id="b">b</p><p id="c">c</p>');
    const before = snapshot();
    const b = root.querySelector('#b')!;
    const heard: string[] = [];
    const w = defineWidget('probe', {}, (_c, t) => {
      const a = t.doc.getElementById('a')!;
      t.css('#a{font-weight:700}');
      t.attr(a, 'class', 'y');
      t.attr(a, 'data-new', '1');
      t.content(a, 'replaced');
      t.style(a, 'display', 'none', true);
      t.style(t.doc.getElementById('c')!, 'opacity', '0.5');
      t.remove(b);
      t.add(t.doc.createElement('hr'), a, 'after');
      t.on(t.doc.body, 'click', () => heard.push('click'));
    })();
    const t = boot([w]);
    const originalChildren = [...root.querySelector('#a')!.childNodes];
    await t.show('probe');
    expect(snapshot()).not.toBe(before);
    w.hide();
    expect(snapshot()).toBe(before);
    expect([...root.querySelector('#a')!.childNodes]).toEqual(originalChildren);
    expect(root.querySelector('#b')).toBe(b);
    document.body.click();
    expect(heard).toEqual([]);
  });

  it('WID-2 an element a widget removed comes back on hide: before its old next sibling, or last in its parent when the site moved that sibling away', async () => {
    const root = fixture('<ul id="list"><li id="a">a</li><li id="b">b</li><li id="c">c</li></ul><div id="elsewhere"></div>');
    const list = root.querySelector('#list')!;
    const w = defineWidget('remover', {}, (_c, t) => {
      t.remove(t.doc.getElementById('a'));
      t.remove(t.doc.getElementById('b'));
    })();
    const t = boot([w]);
    await t.show('remover');
    expect([...list.children].map((el) => el.id)).toEqual(['c']);
    // The site's own script moves the sibling #b had before the widget is hidden.
    root.querySelector('#elsewhere')!.append(root.querySelector('#c')!);
    w.hide();
    expect([...list.children].map((el) => el.id)).toEqual(['a', 'b']);
    expect(root.querySelector('#elsewhere')!.children[0].id).toBe('c');
    expect(t.errors()).toEqual([]);
  });

  it('WID-2 a widget\'s important inline style wins over the site\'s own !important rule, and hide gives the site its rule back', async () => {
    const root = fixture('<style>#badge{display:block !important}</style><p id="badge">badge</p>');
    const badge = root.querySelector<HTMLElement>('#badge')!;
    const w = defineWidget('hider', {}, (_c, t) => t.style(t.doc.getElementById('badge')!, 'display', 'none', true))();
    const t = boot([w]);
    await t.show('hider');
    expect(getComputedStyle(badge).display).toBe('none');
    w.hide();
    expect(getComputedStyle(badge).display).toBe('block');
    expect(badge.hasAttribute('style')).toBe(false);
    expect(t.errors()).toEqual([]);
  });

  it('WID-2 without constructed style sheets a widget injects a <style> element, and hide removes exactly it', async () => {
    fixture();
    const before = snapshot();
    const styles = document.head.querySelectorAll('style').length;
    const original = window.CSSStyleSheet;
    (window as unknown as { CSSStyleSheet: unknown }).CSSStyleSheet = undefined;
    try {
      const plugin = koreanFooter();
      const t = boot([plugin]);
      await t.show('korean_footer');
      expect(document.head.querySelectorAll('style')).toHaveLength(styles + 1);
      expect(getComputedStyle(document.querySelector(`#${KOREAN_FOOTER_ID} dd`)!).marginLeft).toBe('0px');
      plugin.hide();
      expect(document.head.querySelectorAll('style')).toHaveLength(styles);
      expect(snapshot()).toBe(before);
    } finally {
      window.CSSStyleSheet = original;
    }
  });

  it('WID-7 a widget that throws part-way leaves nothing on the page; the error is an ActionError, never thrown to the page', async () => {
    fixture();
    const before = snapshot();
    const w = defineWidget('broken', {}, (_c, t) => {
      t.css('body{background:red}');
      t.add(t.doc.createElement('div'), t.doc.body, 'into');
      place(t.doc.createElement('div'), t.doc.querySelector('#missing'), 'before');
    })();
    const t = boot([w]);
    await t.show('broken');
    expect(snapshot()).toBe(before);
    expect(t.errors()).toEqual([MSG_NO_REF]);
    expect(t.events.find((e) => e.type === 'error')?.name).toBe('ActionError');
  });

  it('WID-6 an anchor that never appears: the widget gives up at the runtime timeout (2000 ms) with a warning, no exception, page unchanged', async () => {
    fixture('<p>no footer here</p>');
    const before = snapshot();
    const clock = createFakeClock(Date.now());
    const t = boot([koreanFooter()], { clock });
    await t.show('korean_footer');
    clock.tick(1999);
    expect(t.warnings()).toEqual([]);
    clock.tick(1);
    expect(t.warnings()).toEqual(['Widget "korean_footer": "footer.site-footer" did not appear within 2000 ms; not shown']);
    document.getElementById('fx')!.insertAdjacentHTML('beforeend', '<footer class="site-footer"></footer>');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.getElementById(KOREAN_FOOTER_ID)).toBeNull();
    expect(t.errors()).toEqual([]);
    document.querySelector('footer.site-footer')!.remove();
    expect(snapshot()).toBe(before);
  });

  it('WID-3 WID-8 bad config: wrong types and unknown fields are shown with the defaults and a warning each', async () => {
    fixture();
    const t = boot([topBanner()]);
    await t.show('top_banner', { copy: 'Hello', pillCopy: 7, url: ['/x'], colour: 'green' });
    const el = document.getElementById(TOP_BANNER_ID)!;
    expect(el.querySelector('.vw-tb-pill')!.textContent).toBe('New');
    expect(el.querySelector('a')!.getAttribute('href')).toBe('/events');
    expect(el.querySelector('.vw-tb-copy')!.textContent).toBe('Hello');
    expect(t.warnings()).toEqual([
      'Widget "top_banner" (change top_banner): "pillCopy" should be string, not number: default used',
      'Widget "top_banner" (change top_banner): "url" should be string, not array: default used',
      'Widget "top_banner" (change top_banner): "colour" is not a field of this widget: kept',
    ]);
    expect(t.errors()).toEqual([]);
  });

  it('WID-3 a widget receives every declared field, defaults filled in', async () => {
    fixture();
    const seen: unknown[] = [];
    const w = defineWidget('probe2', { a: str('A'), b: str('B') }, (c) => void seen.push(c))();
    const t = boot([w]);
    await t.show('probe2', { b: 'given' });
    expect(seen).toEqual([{ a: 'A', b: 'given' }]);
  });
});

describe('links and breakpoints', () => {
  it('WID-9 WID-10 site paths keep the page\'s locale prefix; absolute URLs, prefixed paths and fragments are kept', () => {
    const at = (path: string) => ({ location: { pathname: path } }) as unknown as Window;
    expect(localize(at('/fr-fr/'), '/cloud/atlas/register')).toBe('/fr-fr/cloud/atlas/register');
    expect(localize(at('/ko-kr'), '/docs/atlas/getting-started')).toBe('/ko-kr/docs/atlas/getting-started');
    expect(localize(at('/'), '/pricing')).toBe('/pricing');
    expect(localize(at('/fr-fr/'), '/de-de/pricing')).toBe('/de-de/pricing');
    expect(localize(at('/fr-fr/'), 'https://example.com/x')).toBe('https://example.com/x');
    expect(localize(at('/fr-fr/'), '//cdn.example/x')).toBe('//cdn.example/x');
    expect(localize(at('/fr-fr/'), '#top')).toBe('#top');
    expect(localize(at('/escape'), '/atlas')).toBe('/atlas');
    expect(withParam('/products/platform/atlas-product-tour', 'tck', 'demo_hp_banner_2')).toBe('/products/platform/atlas-product-tour?tck=demo_hp_banner_2');
    expect(withParam('/a?x=1#f', 'tck', 'y')).toBe('/a?x=1&tck=y#f');
  });

  it('WID-9 a widget on a locale page links with the prefix', async () => {
    const original = location.pathname + location.search;
    history.replaceState(history.state, '', '/it-it/');
    try {
      fixture();
      const t = boot([topBanner()]);
      await t.show('top_banner', { copy: 'x', url: '/events/local' });
      expect(document.querySelector(`#${TOP_BANNER_ID} a`)!.getAttribute('href')).toBe('/it-it/events/local');
    } finally {
      history.replaceState(history.state, '', original);
    }
  });

  it('WID-11 WID-12 the breakpoints and device classes; 1000–1023 px is tablet (ruling 19: the narrower rule wins)', async () => {
    expect(BREAKPOINTS).toEqual([460, 768, 950, 1000, 1024, 1280, 1350, 1440, 2300]);
    expect([375, 767, 768, 999, 1000, 1023, 1024, 1280, 2300].map(deviceOf)).toEqual([
      'mobile', 'mobile', 'tablet', 'tablet', 'tablet', 'tablet', 'desktop', 'desktop', 'desktop',
    ]);
    await page.viewport(767, 600);
    expect(deviceOf(window.innerWidth)).toBe('mobile');
    await page.viewport(1000, 600);
    expect(deviceOf(window.innerWidth)).toBe('tablet');
    await page.viewport(1280, 800);
    expect(deviceOf(window.innerWidth)).toBe('desktop');
  });
});
