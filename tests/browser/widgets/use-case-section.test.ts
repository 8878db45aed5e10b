/** The use-case section in real Chromium: placement, tabs and their timings (fake clock), dropdown, resize, lazy rendering, hide. */
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createFakeClock } from '../../../core/testing';
import useCaseSection from '../../../plugins/widgets/use-case-section';
import { TAB_TOPICS } from '../../../plugins/widgets/use-case-section/schema';
import { boot, fixture, PAGE, realClock, snapshot } from './kit';
import { ASSETS, useCaseConfig } from './use-case-kit';

const q = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector as string) as E | null;
const section = () => q('#use-case-section');
const tabs = () => [...document.querySelectorAll<HTMLElement>('#use-case-section [role=tab]')];
const activeIndex = () => tabs().findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
const leftTitle = () => q('#use-case-section .vucs-left h3')?.textContent;
const rightImage = () => q<HTMLImageElement>('#use-case-section .vucs-right img')?.getAttribute('src');
const plugins: { hide(): void }[] = [];
/**
 * Waits two frames: intersection observers are notified in a task queued while the first frame is
 * rendered, so by the second frame's callbacks every observer has had its say.
 */
const twoFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
const setUp = (widths = 1280, clock = createFakeClock(Date.now())) => {
  const plugin = useCaseSection();
  plugins.push(plugin);
  return { plugin, ...boot([plugin], { clock }), widths };
};

afterEach(async () => {
  for (const plugin of plugins.splice(0)) plugin.hide();
  window.scrollTo(0, 0);
  await page.viewport(1280, 800);
});

describe('use-case section', () => {
  it('WID-48 WID-35 WID-36 WID-37 WID-38 WID-10 placed before the injection element: header, subheader with learn-more link, eight tabs in the ruled order, tab 0 with its content', async () => {
    await page.viewport(1100, 800);
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig({ ddp_header: 'One platform', ddp_subheader: 'Every workload.', ddp_learn_text: 'Learn more', ddp_learn_url: '/developer-data-platform' }));
    await expect.poll(() => section()).not.toBeNull();
    expect(section()!.nextElementSibling).toBe(q(PAGE.useCaseInjection));
    expect(q('#use-case-section h2')!.textContent).toBe('One platform');
    expect(q('#use-case-section .vucs-sub')!.textContent).toBe('Every workload. Learn more');
    expect(q('#use-case-section .vucs-learn')!.getAttribute('href')).toBe('/developer-data-platform');
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Vector Search', 'Stream Processing', 'Operational', 'Transactional', 'Text Search', 'Analytical', 'Graph', 'Geospatial']);
    expect(activeIndex()).toBe(0);
    expect(leftTitle()).toBe('Header of vector_search');
    expect(q('#use-case-section .vucs-left p')!.textContent).toBe('Copy of vector_search');
    const links = [...document.querySelectorAll('#use-case-section .vucs-actions a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['Get started free', '/cloud/atlas/register'], ['Learn more', '/products/platform/atlas-vector-search']]);
    // 1100 px is below 1270: the static image of the first topic.
    await expect.poll(rightImage).toBe(ASSETS.vector_search.image);
    expect(t.errors()).toEqual([]);
  });

  it('WID-33 WID-34 WID-3 ruling 15: every topic\'s fields are declared (edge too, without a tab); missing fields take their defaults', async () => {
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig({ edge_label: 'Edge', edge_header: 'Edge header', edge_cta_url: '/x', graph_label: undefined }));
    await expect.poll(() => section()).not.toBeNull();
    expect(t.warnings().filter((line) => line.includes('edge'))).toEqual([]);
    expect(tabs().map((tab) => tab.textContent)).not.toContain('Edge');
    expect(tabs()[6].textContent).toBe('Graph');
    const schema = useCaseSection().schema;
    for (const topic of [...TAB_TOPICS, 'edge']) {
      for (const part of ['label', 'header', 'copy', 'cta_text', 'cta_url', 'secondary_text', 'secondary_url']) expect(schema[`${topic}_${part}`], `${topic}_${part}`).toBeDefined();
    }
    for (const field of ['injectionElement', 'ddp_header', 'ddp_subheader', 'ddp_learn_text', 'ddp_learn_url']) expect(schema[field]).toBeDefined();
  });

  it('WID-39 WID-40 WID-41 clicking an inactive tab: active at once, left content faded in over 50 ms, right re-rendered after 100 ms with a 20 ms fade', async () => {
    await page.viewport(1200, 800);
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig());
    await expect.poll(rightImage).toBe(ASSETS.vector_search.image);
    tabs()[3].click();
    expect(activeIndex()).toBe(3);
    expect(leftTitle()).toBe('Header of transactional');
    const left = q('#use-case-section .vucs-left')!;
    expect(left.getAnimations().map((a) => (a.effect as KeyframeEffect).getTiming().duration)).toEqual([50]);
    t.clock.tick(99);
    expect(rightImage()).toBe(ASSETS.vector_search.image);
    t.clock.tick(1);
    await expect.poll(rightImage).toBe(ASSETS.transactional.image);
    const right = q('#use-case-section .vucs-right')!;
    expect(right.getAnimations().map((a) => (a.effect as KeyframeEffect).getTiming().duration)).toEqual([20]);
    // A newer click cancels the pending re-render of the older one: the right side waits the full 100 ms
    // from the newer click (fails when the older click's re-render is not cancelled: it shows at 50 ms).
    tabs()[5].click();
    t.clock.tick(50);
    tabs()[6].click();
    t.clock.tick(99);
    await twoFrames();
    expect(rightImage()).toBe(ASSETS.transactional.image);
    t.clock.tick(1);
    await expect.poll(rightImage).toBe(ASSETS.graph.image);
    expect(document.querySelectorAll('#use-case-section .vucs-right img')).toHaveLength(1);
  });

  it('WID-42 clicking the active tab does nothing: the same nodes stay, no re-render is scheduled', async () => {
    await page.viewport(1200, 800);
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig());
    await expect.poll(rightImage).toBe(ASSETS.vector_search.image);
    const leftNodes = [...q('#use-case-section .vucs-left')!.childNodes];
    const image = q('#use-case-section .vucs-right img');
    tabs()[0].click();
    t.clock.tick(500);
    expect([...q('#use-case-section .vucs-left')!.childNodes]).toEqual(leftNodes);
    expect(q('#use-case-section .vucs-right img')).toBe(image);
    expect(q('#use-case-section .vucs-left')!.getAnimations()).toEqual([]);
  });

  it('WID-43 WID-44 below 1080 px the tabs are a dropdown whose change activates the matching tab', async () => {
    await page.viewport(1079, 800);
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig());
    await expect.poll(() => section()).not.toBeNull();
    expect(getComputedStyle(q('#use-case-section [role=tablist]')!).display).toBe('none');
    const select = q<HTMLSelectElement>('#use-case-section select')!;
    expect(select.getBoundingClientRect().height).toBeGreaterThan(30);
    expect([...select.options].map((o) => o.textContent)).toEqual(tabs().map((tab) => tab.textContent));
    select.value = '4';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(activeIndex()).toBe(4);
    expect(leftTitle()).toBe('Header of text_search');
    t.clock.tick(100);
    await expect.poll(rightImage).toBe(ASSETS.text_search.image);
    await page.viewport(1080, 800);
    await expect.poll(() => getComputedStyle(q('#use-case-section [role=tablist]')!).display).toBe('flex');
    expect(getComputedStyle(q('#use-case-section .vucs-select')!).display).toBe('none');
  });

  it('WID-45 a resize that leaves the width below 1080 px resets to the first tab; a height-only resize does not', async () => {
    await page.viewport(1280, 800);
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig());
    await expect.poll(() => section()).not.toBeNull();
    tabs()[5].click();
    await page.viewport(1200, 800);
    await expect.poll(() => innerWidth).toBe(1200);
    expect(activeIndex()).toBe(5);
    await page.viewport(900, 800);
    await expect.poll(activeIndex).toBe(0);
    expect(q<HTMLSelectElement>('#use-case-section select')!.value).toBe('0');
    expect(leftTitle()).toBe('Header of vector_search');
    const select = q<HTMLSelectElement>('#use-case-section select')!;
    select.value = '2';
    select.dispatchEvent(new Event('change'));
    await page.viewport(900, 600);
    await expect.poll(() => innerHeight).toBe(600);
    expect(activeIndex()).toBe(2);
  });

  it('WID-46 WID-47 rendered only when the injection point comes within 200 px of the viewport, by real scrolling, once', async () => {
    await page.viewport(1280, 600);
    fixture();
    q(PAGE.useCaseInjection)!.style.marginTop = '3000px';
    const t = setUp(1280, realClock);
    await t.show('use_case_section', useCaseConfig());
    const top = () => q(PAGE.useCaseInjection)!.getBoundingClientRect().top + scrollY;
    // 260 px below the fold: outside the margin.
    window.scrollTo(0, top() - innerHeight - 260);
    await twoFrames();
    expect(section()).toBeNull();
    // 150 px below the fold: inside the 200 px margin.
    window.scrollTo(0, top() - innerHeight - 150);
    await expect.poll(() => section()).not.toBeNull();
    const first = section();
    window.scrollTo(0, 0);
    await twoFrames();
    window.scrollTo(0, top() - innerHeight + 100);
    await twoFrames();
    expect(document.querySelectorAll('#use-case-section')).toHaveLength(1);
    expect(section()).toBe(first);
  });

  it('WID-54 WID-13 side tabs are 216 px wide; the content is at most 1416 px wide', async () => {
    await page.viewport(2300, 900);
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig());
    await expect.poll(() => section()).not.toBeNull();
    expect(q('#use-case-section [role=tablist]')!.getBoundingClientRect().width).toBe(216);
    expect(q('#use-case-section .vucs-inner')!.getBoundingClientRect().width).toBe(1416);
  });

  it('WID-2 WID-49 hide removes the section and its style sheet exactly; an element already carrying the id is set aside while shown and put back; two shows make one section', async () => {
    fixture();
    const site = document.createElement('section');
    site.id = 'use-case-section';
    site.textContent = 'Server-rendered section';
    q(PAGE.useCaseInjection)!.before(site);
    const before = snapshot();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig());
    await expect.poll(() => section()?.classList.contains('vucs')).toBe(true);
    expect(document.querySelectorAll('#use-case-section')).toHaveLength(1);
    expect(document.adoptedStyleSheets).toHaveLength(1);
    t.plugin.hide();
    expect(snapshot()).toBe(before);
    expect(section()).toBe(site);
    // Two shows, one hide: no section of the widget is left.
    await t.show('use_case_section', useCaseConfig(), 'a');
    await t.show('use_case_section', useCaseConfig(), 'b');
    await expect.poll(() => section()?.classList.contains('vucs')).toBe(true);
    await twoFrames();
    // One section per page, whichever show rendered first.
    expect(document.querySelectorAll('.vucs')).toHaveLength(1);
    t.plugin.hide();
    expect(snapshot()).toBe(before);
    // Undoing the change does the same.
    await t.show('use_case_section', useCaseConfig(), 'c');
    await expect.poll(() => section()?.classList.contains('vucs')).toBe(true);
    t.changes.undoPage('p1');
    expect(snapshot()).toBe(before);
  });

  it('WID-39 the tab list works from the keyboard: arrows move and activate (wrapping), Home and End, focus follows', async () => {
    await page.viewport(1200, 800);
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig());
    await expect.poll(() => section()).not.toBeNull();
    const key = (name: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
    tabs()[0].focus();
    key('ArrowDown');
    expect(activeIndex()).toBe(1);
    expect(document.activeElement).toBe(tabs()[1]);
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1, -1, -1, -1, -1]);
    key('End');
    expect(activeIndex()).toBe(7);
    key('ArrowDown');
    expect(activeIndex()).toBe(0);
    key('ArrowUp');
    expect(activeIndex()).toBe(7);
    key('Home');
    expect(activeIndex()).toBe(0);
    expect(q('#use-case-section .vucs-panel')!.getAttribute('aria-labelledby')).toBe(tabs()[0].id);
  });

  it('WID-6 WID-7 a missing injection element is a warning after the selector timeout, nothing visible, nothing thrown', async () => {
    fixture();
    const t = setUp();
    await t.show('use_case_section', useCaseConfig({ injectionElement: '#nowhere' }));
    t.clock.tick(2500);
    expect(section()).toBeNull();
    expect(t.warnings().join('\n')).toContain('"#nowhere" did not appear');
    expect(t.errors()).toEqual([]);
  });
});
