/** The hero widget in real Chromium: placement, hide, defaults, the opacity hold, the rotating word (fake clock). */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createFakeClock } from '../../../core/testing';
import hero, { HERO_ID, HOLD_MAX_MS } from '../../../plugins/widgets/hero';
import pathfinder from '../../../plugins/widgets/pathfinder';
import { STATE_KEY, WORDS } from '../../../plugins/widgets/hero/words';
import { boot, fixture, META, PAGE, snapshot } from './kit';

const q = (selector: string) => document.querySelector<HTMLElement>(selector);
const word = () => q('#varia-hero-word')!;
const opacity = () => getComputedStyle(document.documentElement).opacity;

afterEach(async () => {
  (window as unknown as Record<string, unknown>)[STATE_KEY] = undefined;
  await page.viewport(1280, 800);
});

describe('hero widget', () => {
  it('WID-1 WID-60 WID-55 shows its hero in the parent of the first section, before it, with the configured copy; the site hero is hidden', async () => {
    fixture();
    const t = boot([hero()]);
    await t.show('hero', { eyebrow: 'Eyebrow', title1: 'Build', title2: 'faster', description: 'Desc', ctaText: 'Start', secondaryCtaText: 'Tour', secondaryCtaLink: '/products/platform/atlas-product-tour?tck=x' });
    const el = q(`#${HERO_ID}`)!;
    expect(el.parentElement).toBe(q(PAGE.main));
    expect(el.nextElementSibling).toBe(q('section.hero'));
    expect(getComputedStyle(q('section.hero')!).display).toBe('none');
    expect(el.querySelector('.vw-hero-eyebrow')!.textContent).toBe('Eyebrow');
    expect(el.querySelector('h1')!.textContent).toBe('Build Full-Text Search faster');
    expect([...el.querySelectorAll('.vw-hero-ctas a')].map((a) => a.getAttribute('href'))).toEqual(['/cloud/atlas/register', '/products/platform/atlas-product-tour?tck=x']);
    expect(t.errors()).toEqual([]);
  });

  it('WID-2 hide (and undoing the change) returns the DOM and style sheets exactly to what they were', async () => {
    fixture();
    const before = snapshot();
    const plugin = hero();
    const t = boot([plugin]);
    await t.show('hero', { additional_css: '.vw-hero{outline:1px solid red}' });
    expect(snapshot()).not.toBe(before);
    plugin.hide();
    expect(snapshot()).toBe(before);
    expect((window as unknown as Record<string, unknown>)[STATE_KEY]).toBeUndefined();
    await t.show('hero', {}, 'again');
    t.changes.undoPage('p1');
    expect(snapshot()).toBe(before);
  });

  it('WID-3 WID-59 WID-64 WID-10 defaults: call to action to the sign-up page, the four blocks empty, the counters of the spec', async () => {
    fixture();
    const t = boot([hero()]);
    await t.show('hero');
    const el = q(`#${HERO_ID}`)!;
    expect(el.querySelector('.vw-btn-primary')!.getAttribute('href')).toBe('/cloud/atlas/register');
    expect(el.querySelector('.vw-btn-primary')!.textContent).not.toBe('');
    expect(el.querySelector('.vw-hero-eyebrow')!.textContent).not.toBe('');
    expect(el.querySelector('.vw-hero-blocks')).toBeNull();
    expect([...el.querySelectorAll('.vw-counters li')].map((li) => li.textContent)).toEqual([
      '57K+customers', '175K+new developers every month', '125+cloud regions', '#1modern database',
    ]);
  });

  it('WID-56 WID-64 configured blocks with a title are shown; one variant states 54K+ customers', async () => {
    fixture();
    const t = boot([hero()]);
    await t.show('hero', { block2: { title: 'Report', link: '/why-use-mongodb', description: 'Read it' }, customersCount: '54K+' });
    expect([...document.querySelectorAll('.vw-hero-block')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([['/why-use-mongodb', 'ReportRead it']]);
    expect(q('.vw-counters li')!.textContent).toBe('54K+customers');
  });

  it('WID-61 the hero is not duplicated when shown again; each show undoes only its own work, in any order', async () => {
    fixture();
    const before = snapshot();
    const t = boot([hero()]);
    await t.show('hero', {}, 'one');
    await t.show('hero', {}, 'two');
    expect(document.querySelectorAll(`#${HERO_ID}`)).toHaveLength(1);
    const states = t.changes.changeStates();
    expect(states).toMatchObject({ one: 'applied', two: 'applied' });
    t.changes.undoPage('p1'); // newest first
    expect(snapshot()).toBe(before);
    // Two pages each showing the hero, undone oldest first.
    const t2 = boot([hero()]);
    const showOn = (pageId: string, id: string) =>
      t2.changes.applyAction({ id: `a-${id}`, changes: [{ id, type: 'widget', widget_id: 'hero', config: {} } as never] }, { ...META, pageId });
    await showOn('p1', 'older');
    await showOn('p2', 'newer');
    t2.changes.undoPage('p1');
    t2.changes.undoPage('p2');
    expect(snapshot()).toBe(before);
  });

  it('WID-63 WID-6 the page is held at opacity 0.01 while the hero waits, released when it is ready', async () => {
    const root = fixture('<header id="site-header"></header>');
    const clock = createFakeClock(Date.now());
    const t = boot([hero()], { clock });
    void t.show('hero');
    expect(opacity()).toBe('0.01');
    root.insertAdjacentHTML('beforeend', '<main id="main-content"><section class="hero">Site hero</section></main>');
    await expect.poll(() => q(`#${HERO_ID}`)).not.toBeNull();
    expect(opacity()).toBe('1');
  });

  it('WID-63 WID-6 an anchor that never appears: the hold ends at the safety timeout, the widget gives up with a warning, no exception', async () => {
    fixture('<p>no main</p>');
    const before = document.body.outerHTML;
    const clock = createFakeClock(Date.now());
    const t = boot([hero()], { clock });
    void t.show('hero');
    clock.tick(HOLD_MAX_MS - 1);
    expect(opacity()).toBe('0.01');
    clock.tick(1);
    expect(opacity()).toBe('1');
    expect(t.warnings()).toEqual(['Widget "hero": "main#main-content" did not appear within 2000 ms; not shown']);
    expect(t.errors()).toEqual([]);
    expect(document.body.outerHTML).toBe(before);
  });

  it('WID-66 WID-67 WID-68 WID-69 the built-in words in order, every 3000 ms: fade out, replaced 0.3 s later, fade in, wrapping to the first', async () => {
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([hero()], { clock });
    await t.show('hero');
    const seen = [word().textContent];
    for (let i = 0; i < 9; i++) {
      clock.tick(i ? 2699 : 2999); // fade-outs start every 3000 ms: at 3000, 6000, ...
      expect(word().classList.contains('vw-out')).toBe(false);
      clock.tick(1);
      expect(word().classList.contains('vw-out')).toBe(true);
      clock.tick(299);
      expect(word().textContent).toBe(seen[seen.length - 1]);
      clock.tick(1);
      expect(word().classList.contains('vw-out')).toBe(false);
      seen.push(word().textContent);
    }
    expect(seen).toEqual([...WORDS, WORDS[0]]);
  });

  it('WID-65 WID-57 configured labels are used only when the first one is non-empty', async () => {
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([hero()], { clock });
    await t.show('hero', { transactionsLabel: 'Ignored' }, 'a');
    clock.tick(3300);
    expect(word().textContent).toBe('Transactions');
    t.changes.undoPage('p1');
    await t.show('hero', { fullTextSearchLabel: 'Recherche', transactionsLabel: 'Transactions ACID' }, 'b');
    expect(word().textContent).toBe('Recherche');
    clock.tick(3300);
    expect(word().textContent).toBe('Transactions ACID');
  });

  it('WID-70 WID-71 the state lives on the window and the animation starts once: a re-render continues the same rotation', async () => {
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([hero()], { clock });
    await t.show('hero');
    clock.tick(3300);
    const state = (window as unknown as Record<string, { animating: boolean; index: number }>)[STATE_KEY];
    expect(state).toMatchObject({ animating: true, index: 1 });
    const pending = clock.pending();
    await t.show('hero', {}, 'second');
    expect(clock.pending()).toBe(pending);
    clock.tick(3000);
    expect(state.index).toBe(2);
  });

  it('WID-72 WID-73 WID-74 above 950 px the word box is the text width plus 60 px (400 px before measuring), smoothing only after the first render', async () => {
    await page.viewport(1280, 800);
    fixture();
    const t = boot([hero()], { clock: createFakeClock(Date.now()) });
    await t.show('hero');
    const box = q('#varia-hero-words')!;
    expect(box.style.width).toBe(`${Math.ceil(word().getBoundingClientRect().width) + 60}px`);
    expect(box.classList.contains('vw-smooth')).toBe(true);
    box.style.removeProperty('width');
    box.classList.remove('vw-smooth');
    expect(box.getBoundingClientRect().width).toBe(400);
  });

  it('WID-73 at 950 px and below the word box width is not set', async () => {
    await page.viewport(900, 800);
    fixture();
    const t = boot([hero()], { clock: createFakeClock(Date.now()) });
    await t.show('hero');
    expect(q('#varia-hero-words')!.style.width).toBe('');
  });

  it('WID-75 the small word size for false or "False", the normal size for "True"', async () => {
    fixture();
    const t = boot([hero()]);
    for (const [value, small] of [[false, true], ['False', true], ['True', false]] as const) {
      await t.show('hero', { normalAnimatedTextSize: value }, String(value));
      expect(q('.vw-hero-title')!.classList.contains('vw-small')).toBe(small);
      t.changes.undoPage('p1');
    }
  });

  it('WID-76 a failure in the animated word is ignored: no error, the hero stays', async () => {
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([hero()], { clock });
    await t.show('hero');
    word().remove();
    clock.tick(9000);
    expect(t.errors()).toEqual([]);
    expect(q(`#${HERO_ID}`)).not.toBeNull();
  });

  it('WID-114 WID-113 the first click on a hero link pushes the hero-link event, once per page', async () => {
    fixture();
    const t = boot([hero()]);
    await t.show('hero');
    for (const a of document.querySelectorAll<HTMLElement>(`#${HERO_ID} a`)) {
      a.addEventListener('click', (event) => event.preventDefault(), { once: true });
      a.click();
    }
    expect(t.pushed).toEqual(['hero_link_click']);
  });

  it('WID-13 on a wide screen the hero content is 1440 px wide and the pathfinder at most 1416 px', async () => {
    await page.viewport(1700, 900);
    fixture();
    const t = boot([hero(), pathfinder()]);
    await t.show('hero');
    await t.show('pathfinder');
    expect(q('.vw-hero-inner')!.getBoundingClientRect().width).toBe(1440);
    expect(q('#varia-pathfinder')!.getBoundingClientRect().width).toBe(1416);
  });

  it('WID-77 three rows of the topics scroll behind the hero, 100 s linear and endless; none when backgroundRows is False', async () => {
    fixture();
    const t = boot([hero()]);
    await t.show('hero');
    const rows = [...document.querySelectorAll<HTMLElement>(`#${HERO_ID} .vw-rows > div`)];
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const style = getComputedStyle(row);
      expect([style.animationDuration, style.animationTimingFunction, style.animationIterationCount]).toEqual(['100s', 'linear', 'infinite']);
      expect(row.textContent).toContain('Vector Search');
    }
    t.changes.undoPage('p1');
    await t.show('hero', { backgroundRows: 'False' }, 'b');
    expect(document.querySelector(`#${HERO_ID} .vw-rows`)).toBeNull();
  });

  it('WID-58 additional_css is applied with the hero and removed on hide', async () => {
    fixture();
    const plugin = hero();
    const t = boot([plugin]);
    await t.show('hero', { additional_css: '.vw-hero{border-top:3px solid rgb(1, 2, 3)}' });
    expect(getComputedStyle(q(`#${HERO_ID}`)!).borderTopColor).toBe('rgb(1, 2, 3)');
    plugin.hide();
    expect(document.adoptedStyleSheets).toHaveLength(0);
  });
});
