/** The banner in real Chromium with the real Swiper 6.8.3: RV cards, breakpoints, dimming, ready marker, NV rewrite, hide. */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { BREAKPOINTS, DIMMED } from '../../../plugins/widgets/banner/carousel';
import type { PluginContext } from '../../../core';
import { rewrite } from '../../../plugins/widgets/banner/nv';
import type { CardRecord } from '../../../plugins/widgets/_shared/sheet';
import { track } from '../../../plugins/widgets/_shared/track';
import { PAGE, snapshot } from './kit';
import { carouselReady, plugins, realSlides, setUpBanner, slides, snapped, SWIPER, SWIPER_CSS, visibleFromFirst } from './banner-kit';

const q = (selector: string) => document.querySelector<HTMLElement>(selector);

/** NV's rewrite of the fixture's banner with `card` as the sheet's first card, on a track of its own. */
const rewriteWithCard = async (config: Record<string, unknown>, card: CardRecord) => {
  await setUpBanner(1280);
  const ctx = { attempt: (_kind: string, fn: () => unknown) => fn(), clock: { setTimeout, clearTimeout, now: Date.now }, log: console } as unknown as PluginContext;
  const t = track('banner', { win: window, ctx, meta: {} as never });
  rewrite(t, q(PAGE.banner)!, config as never, card);
  return t;
};
const opacity = (el: Element) => Number(getComputedStyle(el).opacity);
const READY = 'varia-banner-ready';

afterEach(async () => {
  for (const plugin of plugins.splice(0)) plugin.hide();
  await page.viewport(1280, 800);
});

/** Slides per view and spacing as laid out: measured widths and margins, not Swiper's settings. */
const measuredView = () => {
  const container = q('.vbn-swiper')!;
  const style = getComputedStyle(container);
  const size = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const slide = realSlides()[0];
  const space = parseFloat(getComputedStyle(slide).marginRight);
  const width = slide.getBoundingClientRect().width;
  return { perView: Math.round(((size + space) / (width + space)) * 100) / 100, space };
};

describe('banner RV', () => {
  it('WID-83 WID-84 WID-85 WID-91 the banner is replaced by a carousel of the configured slides with a link; new tab only for the flag "true"', async () => {
    const t = await setUpBanner(1400);
    const config = slides(5, { slide3Link: '', slide2NewWindow: 'true', slide4NewWindow: 'TRUE ', slide5NewWindow: 'false' });
    const banner = q(PAGE.banner)!;
    await t.show('banner', config);
    await expect.poll(carouselReady).toBe(true);
    expect(banner.isConnected).toBe(false);
    expect(q('.vbn')!.nextElementSibling).toBe(q('#use-case-injection'));
    expect(realSlides().map((slide) => slide.querySelector('.vbn-title')!.textContent)).toEqual(['Card 1', 'Card 2', 'Card 4', 'Card 5']);
    expect(realSlides().map((slide) => slide.querySelector('a')!.target)).toEqual(['', '_blank', '', '']);
    expect(realSlides()[1].querySelector('a')!.rel).toBe('noopener noreferrer');
    expect(q('.vbn-heading')!.textContent).toBe('Upcoming events');
    expect(t.errors()).toEqual([]);
  });

  it('WID-84 at most five configured slides; slides beyond five are not read', async () => {
    const t = await setUpBanner(1400);
    await t.show('banner', { ...slides(5), slide6Link: '/six', slide6Title: 'Six' });
    await expect.poll(carouselReady).toBe(true);
    expect(realSlides()).toHaveLength(5);
  });

  it('WID-92 the slider library is loaded once, script and style sheet, however many banners', async () => {
    const t = await setUpBanner(1400);
    const second = document.createElement('section');
    second.className = 'second-banner';
    second.innerHTML = '<h2>Second</h2>';
    q('#use-case-injection')!.after(second);
    await t.show('banner', { ...slides(3), swiperCssPath: SWIPER_CSS }, 'one');
    await t.show('banner', { ...slides(3), swiperCssPath: SWIPER_CSS, selector: '.second-banner' }, 'two');
    await expect.poll(() => document.querySelectorAll('.vbn .swiper-container-initialized').length).toBe(2);
    expect(document.querySelectorAll(`script[src$="${SWIPER.swiperPath}"]`)).toHaveLength(1);
    expect(document.querySelectorAll(`link[href$="${SWIPER_CSS}"]`)).toHaveLength(1);
  });

  it('WID-95 ruling 19 slides per view and spacing by width, the narrower rule winning where rules overlap', async () => {
    const t = await setUpBanner(1400);
    await t.show('banner', slides(5));
    await expect.poll(carouselReady).toBe(true);
    const cases: [number, number, number][] = [
      [375, 1.35, 16], [768, 1.35, 16], [769, 1.2, 24], [1024, 1.2, 24], [1025, 1.5, 24], [1280, 1.5, 24],
      [1281, 2.3, 24], [1350, 2.3, 24], [1351, 2.7, 24], [2299, 2.7, 24], [2300, 3.8, 24],
    ];
    for (const [width, perView, space] of cases) {
      await page.viewport(width, 900);
      await expect.poll(measuredView, { message: `at ${width} px` }).toEqual({ perView, space });
    }
    expect(Object.keys(BREAKPOINTS)).toHaveLength(5);
  });

  it('WID-96 on desktop widths every card is at least 456 px wide', async () => {
    const t = await setUpBanner(1351);
    await t.show('banner', slides(5));
    await expect.poll(carouselReady).toBe(true);
    for (const width of [1024, 1280, 1351, 1440, 2300]) {
      await page.viewport(width, 900);
      await expect.poll(() => Math.min(...realSlides().map((slide) => slide.getBoundingClientRect().width)), { message: `at ${width} px` }).toBeGreaterThanOrEqual(456);
    }
  });

  it('WID-97 WID-98 WID-99 cards dimmed to 0.65 by position from the first visible one (measured opacity)', async () => {
    const t = await setUpBanner(1400);
    await t.show('banner', slides(5));
    await expect.poll(carouselReady).toBe(true);
    const opacities = () => visibleFromFirst().slice(0, 4).map(opacity);
    await expect.poll(opacities).toEqual([1, 1, DIMMED, DIMMED]);
    await page.viewport(2300, 1000);
    await expect.poll(opacities).toEqual([1, 1, 1, DIMMED]);
    await page.viewport(1280, 900);
    await expect.poll(opacities).toEqual([1, DIMMED, DIMMED, DIMMED]);
    // After moving on, the rule follows the new first card.
    q('.vbn-next')!.click();
    await expect.poll(() => visibleFromFirst()[0]?.querySelector('.vbn-title')?.textContent).toBe('Card 2');
    await expect.poll(opacities).toEqual([1, DIMMED, DIMMED, DIMMED]);
  });

  it('WID-94 WID-93 the active dot follows the current slide, and the carousel loops past the last card', async () => {
    const t = await setUpBanner(1400);
    await t.show('banner', slides(4));
    await expect.poll(carouselReady).toBe(true);
    const activeDot = () => [...document.querySelectorAll('.vbn .swiper-pagination-bullet')].findIndex((dot) => dot.classList.contains('swiper-pagination-bullet-active'));
    // The first card's title once the carousel has come to rest on it (a click during a transition is ignored in loop mode).
    const firstTitle = () => (snapped() ? visibleFromFirst()[0]?.querySelector('.vbn-title')?.textContent : undefined);
    expect(document.querySelectorAll('.vbn .swiper-pagination-bullet')).toHaveLength(4);
    expect(activeDot()).toBe(0);
    // The dots are buttons a keyboard and a screen reader can use.
    const dots = [...document.querySelectorAll<HTMLElement>('.vbn .swiper-pagination-bullet')];
    expect(dots.map((dot) => [dot.getAttribute('role'), dot.getAttribute('aria-label'), dot.tabIndex])).toEqual([1, 2, 3, 4].map((n) => ['button', `Go to slide ${n}`, 0]));
    for (const [index, title] of [[1, 'Card 2'], [2, 'Card 3'], [3, 'Card 4'], [0, 'Card 1'], [1, 'Card 2']] as const) {
      q('.vbn-next')!.click();
      await expect.poll(firstTitle).toBe(title);
      await expect.poll(activeDot).toBe(index);
    }
    // The announcement of the slide change is for screen readers only.
    expect(getComputedStyle(q('.vbn .swiper-notification')!).opacity).toBe('0');
    // Backwards from the first card wraps to the last.
    q('.vbn-prev')!.click();
    await expect.poll(firstTitle).toBe('Card 1');
    q('.vbn-prev')!.click();
    await expect.poll(firstTitle).toBe('Card 4');
    await expect.poll(activeDot).toBe(3);
  });

  it('WID-100 the ready class is put on <html> once the carousel is set up', async () => {
    const t = await setUpBanner(1400);
    document.documentElement.classList.remove(READY);
    await t.show('banner', slides(3));
    await expect.poll(carouselReady).toBe(true);
    expect(document.documentElement.classList.contains(READY)).toBe(true);
  });

  it('WID-100 WID-7 a slider that cannot load leaves the original banner, still marks the page ready, with a warning', async () => {
    const t = await setUpBanner(1400);
    document.documentElement.classList.remove(READY);
    const banner = q(PAGE.banner)!;
    const win = window as unknown as Record<string, unknown>;
    const real = win.Swiper;
    delete win.Swiper;
    await t.show('banner', { ...slides(3), swiperPath: 'swiper/not-there.js', libraryBase: 'http://127.0.0.1:9' });
    try {
      await expect.poll(() => document.documentElement.classList.contains(READY), { timeout: 10_000 }).toBe(true);
    } finally {
      win.Swiper = real;
    }
    expect(banner.isConnected).toBe(true);
    expect(q('.vbn')).toBeNull();
    expect(t.warnings().join('\n')).toContain('the carousel could not be set up');
    expect(t.errors()).toEqual([]);
  });

  it('WID-100 a slider that throws while setting up leaves the original banner and marks the page ready', async () => {
    const t = await setUpBanner(1400);
    document.documentElement.classList.remove(READY);
    const win = window as unknown as Record<string, unknown>;
    const real = win.Swiper;
    win.Swiper = function broken() {
      throw Error('slider exploded');
    };
    try {
      await t.show('banner', slides(3));
      await expect.poll(() => document.documentElement.classList.contains(READY)).toBe(true);
      expect(q(PAGE.banner)!.isConnected).toBe(true);
      expect(q('.vbn')).toBeNull();
    } finally {
      win.Swiper = real;
    }
  });

  it('WID-100 WID-6 no banner on the page: a warning, and the page is still marked ready', async () => {
    const { createFakeClock } = await import('../../../core/testing');
    const { boot } = await import('./kit');
    const { default: banner } = await import('../../../plugins/widgets/banner');
    await page.viewport(1400, 900);
    document.documentElement.classList.remove(READY);
    const plugin = banner();
    plugins.push(plugin);
    const t = boot([plugin], { clock: createFakeClock(Date.now()) });
    await t.show('banner', { ...slides(3), selector: '.no-such-banner' });
    t.clock.tick(1999);
    expect(document.documentElement.classList.contains(READY)).toBe(false);
    t.clock.tick(1);
    expect(document.documentElement.classList.contains(READY)).toBe(true);
    expect(t.warnings().join('\n')).toContain('".no-such-banner" did not appear');
    expect(t.errors()).toEqual([]);
  });

  it('WID-85 no slide with a link: the banner is left as it is, with a warning', async () => {
    const t = await setUpBanner(1400);
    const before = q(PAGE.banner)!.outerHTML;
    await t.show('banner', { ...SWIPER, type: 'RV', slide1Title: 'No link' });
    await expect.poll(() => t.warnings().join('\n')).toContain('no cards to show');
    expect(q(PAGE.banner)!.outerHTML).toBe(before);
  });

  it('WID-2 hide destroys the slider, removes the carousel, its style sheet and the ready class: the page is exactly as before', async () => {
    const t = await setUpBanner(1400);
    document.documentElement.classList.remove(READY);
    const before = snapshot();
    await t.show('banner', slides(4));
    await expect.poll(carouselReady).toBe(true);
    t.plugin.hide();
    expect(snapshot()).toBe(before);
    expect(document.documentElement.classList.contains(READY)).toBe(false);
  });
});

describe('banner NV', () => {
  it('WID-81 WID-82 rewrites the existing banner; only non-empty values replace; hide restores it exactly', async () => {
    const t = await setUpBanner(1280);
    const before = snapshot();
    await t.show('banner', { type: 'NV', title: 'New title', title2: 'second line', description: '', ctaText: 'Register', ctaLink: '/cloud/atlas/register', backgroundSVG: '/bg.svg' });
    const banner = q(PAGE.banner)!;
    await expect.poll(() => banner.querySelector('h2')!.textContent).toBe('New titlesecond line');
    expect(banner.querySelector('h2 .vbn-title2')!.textContent).toBe('second line');
    expect(banner.querySelector('p:not(.eyebrow)')!.textContent).toBe('Meet the team in your city.');
    expect(banner.querySelector('a')!.textContent).toBe('Register');
    expect(banner.querySelector('a')!.getAttribute('href')).toBe(new URL('/cloud/atlas/register', location.href).href);
    expect(banner.querySelector('img')!.getAttribute('src')).toBe('/x.svg');
    expect(getComputedStyle(banner.querySelector('.events-banner-inner')!).backgroundImage).toContain('/bg.svg');
    expect(q('.vbn')).toBeNull();
    t.plugin.hide();
    expect(snapshot()).toBe(before);
  });

  it('WID-90 the sheet\'s foreign link in NV\'s call to action opens in a new tab with noopener noreferrer; undone on hide', async () => {
    const card = { link: 'https://elsewhere.example/talk', image: '', eyebrow: '', title: 'Talk', date: '', video: '', description: '', ctaText: 'Watch', newTab: true };
    const t = await rewriteWithCard({ type: 'NV', ctaLink: '' }, card);
    const link = q(PAGE.banner)!.querySelector('a')!;
    expect([link.getAttribute('href'), link.target, link.rel]).toEqual(['https://elsewhere.example/talk', '_blank', 'noopener noreferrer']);
    t.undo();
    expect(link.hasAttribute('target') || link.hasAttribute('rel')).toBe(false);
    // The vendor's own link, or one the config sets, stays in the tab.
    const own = await rewriteWithCard({ type: 'NV', ctaLink: '' }, { ...card, link: new URL('/talk', location.href).href, newTab: false });
    expect(q(PAGE.banner)!.querySelector('a')!.hasAttribute('target')).toBe(false);
    own.undo();
    await rewriteWithCard({ type: 'NV', ctaLink: '/register' }, card);
    expect(q(PAGE.banner)!.querySelector('a')!.hasAttribute('target')).toBe(false);
  });

  it('WID-82 NV with every value empty changes nothing', async () => {
    const t = await setUpBanner(1280);
    const before = q(PAGE.banner)!.outerHTML;
    await t.show('banner', { type: 'NV', ctaLink: '' });
    await expect.poll(() => document.documentElement.classList.contains(READY)).toBe(true);
    expect(q(PAGE.banner)!.outerHTML).toBe(before);
  });

  it('WID-101 the banner waits for the configured document ready state', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const doc = frame.contentDocument!;
    doc.open();
    doc.write('<section class="events-banner"><div><h2>Old</h2><p>Old text</p></div></section>');
    expect(doc.readyState).toBe('loading');
    const { bootKernel } = await import('../../../core/testing');
    const { default: changes } = await import('../../../plugins/modules/changes');
    const { default: widget } = await import('../../../plugins/change-appliers/widget');
    const { default: banner } = await import('../../../plugins/widgets/banner');
    const plugin = banner();
    plugins.push(plugin);
    const k = bootKernel({ win: frame.contentWindow as Window & typeof globalThis, plugins: [changes(), widget, plugin] });
    const module = k.get('changes') as import('../../../core').ChangesModule;
    await module.applyAction({ id: 'a', changes: [{ id: 'nv', type: 'widget', widget_id: 'banner', config: { type: 'NV', title: 'New', document_ready_state: 'interactive' } } as never] }, { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: 'p' });
    expect(doc.querySelector('h2')!.textContent).toBe('Old');
    doc.close();
    await expect.poll(() => doc.querySelector('h2')!.textContent).toBe('New');
    frame.remove();
  });
});
