/**
 * The widgets' DOM helpers (plugins/widgets/_shared/dom.ts): config values are escaped before they reach
 * markup, so a hostile value is shown as text; `place` puts a node where asked and throws its catalogue
 * message when the node or a needed parent is missing (WID-5), which the widget applier reports.
 */
import { describe, expect, it } from 'vitest';
import { build, esc, MSG_NO_NODE, MSG_NO_REF, place } from '../../../plugins/widgets/_shared/dom';
import koreanFooter, { KOREAN_FOOTER_ID } from '../../../plugins/widgets/korean-footer';
import { boot, fixture } from './kit';

describe('widget DOM helpers', () => {
  it('WID-5 esc turns every character that could open markup or leave an attribute into a character reference', () => {
    expect(esc(`<img src=x onerror="alert('x')">&`)).toBe('&#60;img src=x onerror=&#34;alert(&#39;x&#39;)&#34;&#62;&#38;');
    expect(esc('Plain text, 100% safe')).toBe('Plain text, 100% safe');
    expect(esc(undefined)).toBe('');
    expect(esc(null)).toBe('');
    expect(esc(42)).toBe('42');
  });

  it('WID-5 a hostile config value is shown as text by a widget, never parsed as markup', async () => {
    fixture();
    const t = boot([koreanFooter()]);
    const hostile = '<img src="/x" onerror="window.__hit = 1"><b>bold</b>';
    await t.show('korean_footer', { companyName: hostile });
    const footer = document.getElementById(KOREAN_FOOTER_ID)!;
    expect(footer.querySelector('img, b')).toBeNull();
    expect(footer.querySelector('dd')!.textContent).toBe(hostile);
  });

  it('WID-5 place puts a node before, after, into (last) or at the start of its reference', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p id="ref"><i>child</i></p>';
    const ref = root.querySelector('#ref')!;
    const make = (id: string) => Object.assign(document.createElement('span'), { id });
    place(make('before'), ref, 'before');
    place(make('after'), ref, 'after');
    place(make('into'), ref, 'into');
    place(make('prepend'), ref, 'prepend');
    expect([...root.children].map((el) => el.id)).toEqual(['before', 'ref', 'after']);
    expect([...ref.children].map((el) => el.id || el.tagName)).toEqual(['prepend', 'I', 'into']);
  });

  it('WID-5 place throws its message without a node or a reference, and for before/after a reference with no parent; into and prepend need none', () => {
    const detached = document.createElement('section');
    expect(() => place(null, detached, 'into')).toThrow(MSG_NO_NODE);
    expect(() => place(document.createElement('b'), null, 'into')).toThrow(MSG_NO_REF);
    expect(() => place(document.createElement('b'), detached, 'before')).toThrow(MSG_NO_REF);
    expect(() => place(document.createElement('b'), detached, 'after')).toThrow(MSG_NO_REF);
    expect(place(document.createElement('b'), detached, 'into').parentNode).toBe(detached);
    expect(place(document.createElement('u'), detached, 'prepend')).toBe(detached.firstChild);
    expect(MSG_NO_NODE).toBe('Widget: no node to place');
    expect(MSG_NO_REF).toBe('Widget: the reference node is missing');
  });

  it('WID-5 build makes one element from markup, leading whitespace and all', () => {
    const el = build(document, '\n  <div class="made"><span>x</span></div>\n');
    expect(el.className).toBe('made');
    expect(el.outerHTML).toBe('<div class="made"><span>x</span></div>');
  });
});
