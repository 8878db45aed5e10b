/** The top banner and the AU/NZ pencil banner in real Chromium (WID-19..28). */
import { describe, expect, it } from 'vitest';
import topBanner, { TOP_BANNER_ID } from '../../../plugins/widgets/top-banner';
import { boot, fixture, PAGE, snapshot } from './kit';

const banner = () => document.getElementById(TOP_BANNER_ID);
const visible = (el: Element | null) => !!el && getComputedStyle(el).display !== 'none';

describe('top banner widget', () => {
  it('WID-22 WID-23 WID-24 WID-19 a pill ("New" by default) and the copy, linking to the event page, before the navigation', async () => {
    fixture();
    const t = boot([topBanner()]);
    await t.show('top_banner', { copy: 'Join us at .local Sydney', url: '/events/local-sydney' });
    const el = banner()!;
    expect(el.nextElementSibling).toBe(document.querySelector(PAGE.header));
    expect(el.querySelector('.vw-tb-pill')!.textContent).toBe('New');
    expect(el.querySelector('.vw-tb-copy')!.textContent).toBe('Join us at .local Sydney');
    expect(el.querySelector('a')!.getAttribute('href')).toBe('/events/local-sydney');
    expect(visible(el)).toBe(true);
  });

  it('WID-28 the pencil banner (copy, pillCopy, bannerType, url) is the same widget', async () => {
    fixture();
    const t = boot([topBanner()]);
    await t.show('top_banner', { copy: 'AU/NZ event', pillCopy: 'Event', bannerType: 'BASE', url: '/events/anz' });
    expect(banner()!.querySelector('.vw-tb-pill')!.textContent).toBe('Event');
  });

  it('WID-20 built only for type BASE or no type', async () => {
    for (const [bannerType, built] of [['BASE', true], ['', true], ['RV', false], ['NV', false]] as const) {
      fixture();
      const t = boot([topBanner()]);
      await t.show('top_banner', { copy: 'x', bannerType });
      expect(!!banner(), bannerType).toBe(built);
      t.changes.undoPage('p1');
    }
  });

  it('WID-21 built only if no top banner exists yet', async () => {
    fixture();
    const t = boot([topBanner()]);
    await t.show('top_banner', { copy: 'first' }, 'a');
    await t.show('top_banner', { copy: 'second' }, 'b');
    expect(document.querySelectorAll(`#${TOP_BANNER_ID}`)).toHaveLength(1);
    expect(banner()!.textContent).toContain('first');
  });

  it('WID-27 other banners named in the pipe-separated list are hidden (class names or selectors)', async () => {
    fixture();
    document.querySelector('footer')!.insertAdjacentHTML('beforebegin', '<div class="old-banner">old</div>');
    const t = boot([topBanner()]);
    await t.show('top_banner', { copy: 'x', other_classes_pipe_seperated: 'promo-banner| .old-banner ' });
    expect(visible(document.querySelector(PAGE.promoBanner))).toBe(false);
    expect(visible(document.querySelector('.old-banner'))).toBe(false);
  });

  it('WID-25 WID-26 hidden while the mobile menu is open ("Close Links"), shown again when it closes ("Open Links")', async () => {
    fixture();
    const t = boot([topBanner()]);
    await t.show('top_banner', { copy: 'x' });
    const toggle = document.querySelector<HTMLButtonElement>(PAGE.mobileMenuToggle)!;
    toggle.click();
    expect(toggle.textContent).toBe('Close Links');
    await expect.poll(() => visible(banner())).toBe(false);
    toggle.click();
    expect(toggle.textContent).toBe('Open Links');
    await expect.poll(() => visible(banner())).toBe(true);
  });

  it('WID-25 a toggle without aria-expanded is read by its label', async () => {
    fixture();
    const toggle = document.querySelector<HTMLButtonElement>(PAGE.mobileMenuToggle)!;
    toggle.removeAttribute('aria-expanded');
    const t = boot([topBanner()]);
    await t.show('top_banner', { copy: 'x' });
    toggle.querySelector('.nav-menu-label')!.textContent = 'Close Links';
    await expect.poll(() => visible(banner())).toBe(false);
    toggle.querySelector('.nav-menu-label')!.textContent = 'Open Links';
    await expect.poll(() => visible(banner())).toBe(true);
  });

  it('WID-2 WID-1 hide removes the banner and its styles and shows the other banners again, exactly', async () => {
    fixture();
    const before = snapshot();
    const plugin = topBanner();
    const t = boot([plugin]);
    await t.show('top_banner', { copy: 'x' });
    document.querySelector<HTMLButtonElement>(PAGE.mobileMenuToggle)!.click();
    document.querySelector<HTMLButtonElement>(PAGE.mobileMenuToggle)!.click();
    plugin.hide();
    expect(snapshot()).toBe(before);
  });
});
