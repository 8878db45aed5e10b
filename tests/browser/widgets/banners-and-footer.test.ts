/** AI banner (WID-102), demo banner (WID-103..106) and Korean footer (WID-115) in real Chromium. */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createFakeClock } from '../../../core/testing';
import aiBanner, { AI_BANNER_ID } from '../../../plugins/widgets/ai-banner';
import demoBanner, { DEMO_BANNER_ID, DEMO_DELAY_MS } from '../../../plugins/widgets/demo-banner';
import koreanFooter, { KOREAN_FOOTER_ID } from '../../../plugins/widgets/korean-footer';
import { boot, fixture, PAGE, snapshot } from './kit';

const byId = (id: string) => document.getElementById(id);

afterEach(async () => page.viewport(1280, 800));

describe('AI banner widget', () => {
  it('WID-102 waits for the shadow banner by default and shows the AI banner in its place', async () => {
    const root = fixture('<main id="main-content"><section class="hero">hero</section></main>');
    const t = boot([aiBanner()]);
    void t.show('ai_banner', { title: 'AI, on your data' });
    expect(byId(AI_BANNER_ID)).toBeNull();
    root.querySelector('main')!.insertAdjacentHTML('beforeend', '<section class="shadow-banner">shadow</section>');
    await expect.poll(() => byId(AI_BANNER_ID)).not.toBeNull();
    expect(byId(AI_BANNER_ID)!.nextElementSibling).toBe(document.querySelector(PAGE.shadowBanner));
    expect(getComputedStyle(document.querySelector(PAGE.shadowBanner)!).display).toBe('none');
    expect(byId(AI_BANNER_ID)!.querySelector('h2')!.textContent).toBe('AI, on your data');
    expect(byId(AI_BANNER_ID)!.querySelector('a')!.getAttribute('href')).toBe('/services/consulting/ai-applications-program');
  });

  it('WID-102 the selector is configurable; WID-2 hide returns the DOM exactly', async () => {
    fixture();
    const before = snapshot();
    const plugin = aiBanner();
    const t = boot([plugin]);
    await t.show('ai_banner', { selector: '.events-banner' });
    expect(byId(AI_BANNER_ID)!.nextElementSibling).toBe(document.querySelector(PAGE.banner));
    plugin.hide();
    expect(snapshot()).toBe(before);
  });
});

describe('demo banner widget', () => {
  it('WID-103 WID-104 WID-105 on a desktop viewport, above the hero, 100 ms after the show, linking to the product tour with tck=demo_hp_banner_2', async () => {
    await page.viewport(1280, 800);
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([demoBanner()], { clock });
    await t.show('demo_banner');
    clock.tick(DEMO_DELAY_MS - 1);
    expect(byId(DEMO_BANNER_ID)).toBeNull();
    clock.tick(1);
    const el = byId(DEMO_BANNER_ID)!;
    expect(el.nextElementSibling).toBe(document.querySelector(PAGE.hero));
    expect(el.querySelector('a')!.getAttribute('href')).toBe('/products/platform/atlas-product-tour?tck=demo_hp_banner_2');
    expect(getComputedStyle(el).display).not.toBe('none');
  });

  it('WID-106 WID-113 a click on the demo banner pushes demo_banner_clicks', async () => {
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([demoBanner()], { clock });
    await t.show('demo_banner');
    clock.tick(DEMO_DELAY_MS);
    const link = byId(DEMO_BANNER_ID)!.querySelector('a')!;
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(t.pushed).toEqual(['demo_banner_clicks']);
  });

  it('WID-103 WID-12 not built below 1024 px (tablet, ruling 19: 1000–1023 px is tablet); hidden when the window narrows', async () => {
    for (const width of [375, 800, 1010]) {
      await page.viewport(width, 800);
      fixture();
      const clock = createFakeClock(Date.now());
      const t = boot([demoBanner()], { clock });
      await t.show('demo_banner', {}, `w${width}`);
      clock.tick(DEMO_DELAY_MS);
      expect(byId(DEMO_BANNER_ID), String(width)).toBeNull();
    }
    await page.viewport(1024, 800);
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([demoBanner()], { clock });
    await t.show('demo_banner', {}, 'w1024');
    clock.tick(DEMO_DELAY_MS);
    expect(byId(DEMO_BANNER_ID)).not.toBeNull();
    await page.viewport(900, 800);
    await expect.poll(() => getComputedStyle(byId(DEMO_BANNER_ID)!).display).toBe('none');
  });

  it('WID-2 hide before the delay: nothing is ever inserted', async () => {
    fixture();
    const before = snapshot();
    const clock = createFakeClock(Date.now());
    const plugin = demoBanner();
    const t = boot([plugin], { clock });
    await t.show('demo_banner');
    plugin.hide();
    clock.tick(1000);
    expect(snapshot()).toBe(before);
  });
});

describe('Korean footer widget', () => {
  it('WID-115 the business registration details (company, registration number, address) at the end of the footer, as marked placeholders by default', async () => {
    fixture();
    const t = boot([koreanFooter()]);
    await t.show('korean_footer', { registrationNumber: '[placeholder] 000-00-00000' });
    const el = byId(KOREAN_FOOTER_ID)!;
    expect(el.parentElement).toBe(document.querySelector(PAGE.footer));
    expect(el.lang).toBe('ko');
    expect([...el.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['상호', '사업자등록번호', '주소']);
    expect([...el.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '[placeholder: company name]', '[placeholder] 000-00-00000', '[placeholder: business address]',
    ]);
  });

  it('WID-115 on a page still being parsed, the details wait for the whole footer and land at its end, as in the preview', async () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const doc = frame.contentDocument!;
    doc.open();
    doc.write('<body><footer class="site-footer"><div class="footer-inner">links</div>');
    const { bootKernel } = await import('../../../core/testing');
    const { default: changes } = await import('../../../plugins/modules/changes');
    const { default: widget } = await import('../../../plugins/change-appliers/widget');
    const k = bootKernel({ win: frame.contentWindow as Window & typeof globalThis, plugins: [changes(), widget, koreanFooter()] });
    const module = k.get('changes') as import('../../../core').ChangesModule;
    const applied = module.applyAction({ id: 'a', changes: [{ id: 'kf', type: 'widget', widget_id: 'korean_footer', config: {} } as never] }, { layerId: 'l', experimentId: 'e', variationId: 'v', pageId: 'p' });
    // The mutation observer has seen the footer (its records are delivered before this timer runs).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(doc.getElementById(KOREAN_FOOTER_ID)).toBeNull();
    doc.write('<div class="footer-bottom">legal</div></footer>');
    doc.close();
    await applied;
    await expect.poll(() => doc.getElementById(KOREAN_FOOTER_ID)).not.toBeNull();
    expect([...doc.querySelector('footer')!.children].map((el) => el.className || el.id)).toEqual(['footer-inner', 'footer-bottom', KOREAN_FOOTER_ID]);
    frame.remove();
  });

  it('WID-2 hide returns the DOM exactly', async () => {
    fixture();
    const before = snapshot();
    const plugin = koreanFooter();
    const t = boot([plugin]);
    await t.show('korean_footer');
    plugin.hide();
    expect(snapshot()).toBe(before);
  });
});
