/** The robust selector (EDT-16) in real Chromium: unique, stable, and free of generated class names. */
import { describe, expect, it } from 'vitest';
import { PAGE } from '../../../config/homepage/page-contract';
import { classifyClass, isHashLike, robustSelector } from '../../../desktop/agent/selector';
import { generated, HOMEPAGE, mount } from './markup';

const uniqueFor = (el: Element) => {
  const selector = robustSelector(el);
  const found = document.querySelectorAll(selector);
  return { selector, count: found.length, same: found[0] === el };
};

describe('robust selector', () => {
  it('EDT-16 every element of the stand-in homepage gets a unique selector that finds it', () => {
    const root = mount(HOMEPAGE);
    for (const el of root.querySelectorAll('*')) {
      const { selector, count, same } = uniqueFor(el);
      expect({ selector, count, same }).toEqual({ selector, count: 1, same: true });
    }
  });

  it('EDT-16 prefers ids, data attributes and stable classes over positions on the homepage blocks', () => {
    mount(HOMEPAGE);
    const pick = (selector: string) => robustSelector(document.querySelector(selector)!);
    expect(pick(PAGE.header)).toBe('#site-header');
    expect(pick(PAGE.heroTitle)).toBe('h1.hero-title');
    expect(pick(PAGE.navAtlasLink)).toBe('a[data-nav="atlas"]');
    expect(pick(PAGE.registrationForm)).toBe('#registration-form');
    expect(pick(PAGE.banner)).toBe('section.events-banner');
    expect(pick('form#registration-form input')).toBe('input[name="email"]');
    // Four blocks share a class: a position is the only way to tell them apart, anchored on a stable parent.
    expect(pick(`${PAGE.heroBlocks}:nth-child(3)`)).toBe('div.hero-trust > div.hero-trust-block:nth-of-type(3)');
    for (const selector of Object.values(PAGE)) {
      // Blocks that are one of several alike (the trust blocks, the hero's links) need their position.
      const el = document.querySelectorAll(selector).length === 1 ? document.querySelector(selector) : null;
      if (el) expect(robustSelector(el), selector).not.toMatch(/nth-/);
    }
  });

  it('EDT-16 on a page with generated class names the selector avoids them and is the same after a reload', () => {
    const targets = ['h1', 'button:nth-of-type(1)', 'button:nth-of-type(2)', 'a[data-testid]', 'li:nth-of-type(2) span', 'section > p', 'nav a:nth-of-type(2)'];
    const first = (() => {
      mount(generated());
      return targets.map((target) => uniqueFor(document.querySelector(`#fx ${target}`)!));
    })();
    mount(generated());
    const second = targets.map((target) => uniqueFor(document.querySelector(`#fx ${target}`)!));
    expect(second).toEqual(first);
    for (const { selector, count, same } of first) {
      expect(count, selector).toBe(1);
      expect(same, selector).toBe(true);
      expect(selector).not.toMatch(/css-|sc-|jss-|\[class\*="[^"]*\d/);
    }
    expect(first[0].selector).toBe('h1[class*="Hero_title_"]');
    expect(first[3].selector).toBe('a[data-testid="nav-signin"]');
    expect(first[2].selector).toBe('button[class*="makeStyles-root-"]');
  });

  it('EDT-16 a picked element in a state (a.tab.active) gets a selector that still finds it when the state moves', () => {
    // fails when the state-class skip is dropped: the selector becomes `a.active`, which then finds the other tab
    mount('<nav class="tabs"><a class="tab active" href="#one">One</a><a class="tab" href="#two">Two</a></nav>');
    const [first, second] = document.querySelectorAll<HTMLElement>('#fx a.tab');
    const selector = robustSelector(first);
    expect(selector).not.toMatch(/active/);
    first.classList.remove('active');
    second.classList.add('active');
    expect([...document.querySelectorAll(selector)]).toEqual([first]);
  });

  it('EDT-16 class names: hashes and CSS-in-JS names are recognised, readable ones kept', () => {
    for (const name of ['css-1x2y3z', 'sc-AxjAm', 'jsx-123456', 'a1B2c3d', 'svelte-1kq9x2a']) expect(classifyClass(name).use, name).toBe('skip');
    for (const name of ['hero-title', 'btn', 'mt-4', 'col-md-6', 'heroTitle', 'css-grid', 'card__title']) expect(classifyClass(name), name).toEqual({ use: 'stable' });
    // Classes naming a state the page toggles are never used, however readable.
    for (const name of ['is-bold-text', 'has-error', 'active', 'open', 'selected', 'expanded']) expect(classifyClass(name), name).toEqual({ use: 'skip' });
    expect(classifyClass('Button_primary__3kX9a')).toEqual({ use: 'prefix', prefix: 'Button_primary__' });
    expect(isHashLike('title')).toBe(false);
  });
});
