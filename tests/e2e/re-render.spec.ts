/**
 * Ruling 23 (CHG-18, CHG-19, CHG-21) on the homepage stand-in page, whose simulated framework hydration
 * replaces the hero's trust blocks with new nodes 60 ms after the load event (config/homepage/site/page.js).
 * A change applied before hydration is applied again to the re-rendered blocks while it is observed; undo
 * afterwards restores the hydrated content, the page's newest, not the markup from before hydration.
 */
import { expect, test } from '../support/e2e-fixtures';
import { HYDRATED_ATTRIBUTE } from '../../config/homepage/page-contract';
import { HERO_TRUST } from '../../config/homepage/layers/hero-trust';
import { force } from './homepage-helpers';

const TITLES = 'section.hero .hero-trust-title';

test('CHG-19 CHG-21 ruling 23 a change made before the stand-in page hydrates survives hydration; undo restores the hydrated titles', async ({ page }) => {
  await page.addInitScript((selector) => {
    const win = window as unknown as { varia: unknown[]; __before?: Element[] };
    win.varia = win.varia || [];
    // As soon as the hero is parsed: mark its first title node, then change every title through the changes module.
    document.addEventListener('DOMContentLoaded', () => {
      win.__before = [...document.querySelectorAll(selector)];
      const api = win.varia as unknown as { get(name: string): { applyAction(action: unknown, meta: unknown): Promise<void> } };
      void api.get('changes').applyAction(
        { id: 'test-action', changes: [{ id: 'test-title', type: 'attribute', selector, attributes: { text: 'Changed by the test' } }] },
        { layerId: 'test', experimentId: 'test', variationId: 'test', pageId: 'test-page' },
      );
    });
  }, TITLES);
  // The hero-trust experiment's Original: its variations swap the blocks for badges after hydration.
  await page.goto('/' + force(HERO_TRUST.variations[0]));
  await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE);
  // Hydration replaced the nodes, and the new ones carry the change (before the next frame).
  expect(await page.evaluate((selector) => {
    const before = (window as unknown as { __before: Element[] }).__before;
    return before.length > 0 && before.every((node) => !node.isConnected) && document.querySelectorAll(selector).length > 0;
  }, TITLES)).toBe(true);
  await expect(page.locator(TITLES).first()).toHaveText('Changed by the test');
  const texts = await page.locator(TITLES).allTextContents();
  expect(texts.every((text) => text === 'Changed by the test')).toBe(true);
  // Undo: the hydrated titles (from the page's data), not the pre-hydration markup.
  const hydrated = await page.evaluate(() => JSON.parse(document.getElementById('site-data')!.textContent!).blocks.map((block: { title: string }) => block.title));
  await page.evaluate(() => (window as unknown as { varia: { get(name: string): { undoPage(id: string): void } } }).varia.get('changes').undoPage('test-page'));
  await expect(page.locator(TITLES)).toHaveText(hydrated);
});
