/**
 * The canvas's devices and views (EDT-18): each device width gives the page that layout width (the
 * frame's width, the page's viewport, its media queries and its layout change), and switching the
 * view to another locale loads that locale's URL in editor mode, with a new session whose agent
 * connects again (the picker works on the new page).
 */
import { expect, test, type Page } from '@playwright/test';
import { canvasFrame, pick } from './editor-canvas-kit';
import { openProject, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

const frameElement = (page: Page) => page.locator('[data-testid=canvas-frame]');

test('EDT-18 device widths 375, 768, 1280 and 1440: the frame and the page\'s layout take each width', async ({ page }) => {
  test.setTimeout(120_000);
  await openProject(page, services);
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled({ timeout: 15_000 });
  const frame = canvasFrame(page);
  const layout = () =>
    frame.locator('html').evaluate(() => ({
      viewport: document.documentElement.clientWidth,
      mobile: matchMedia('(max-width: 767px)').matches,
      navPadding: getComputedStyle(document.querySelector('.top-nav')!).paddingLeft,
      hero: Math.round(document.querySelector('h1.hero-title')!.getBoundingClientRect().width),
    }));
  const seen: Record<number, Awaited<ReturnType<typeof layout>>> = {};
  for (const width of [375, 768, 1280, 1440]) {
    await page.getByRole('radio', { name: String(width) }).click();
    await expect(page.getByRole('radio', { name: String(width) })).toHaveAttribute('aria-checked', 'true');
    await expect.poll(() => frameElement(page).evaluate((el) => (el as HTMLIFrameElement).offsetWidth)).toBe(width);
    // The page lays out at the device's width (its scroll bar, if any, aside).
    await expect.poll(async () => (await layout()).viewport).toBeGreaterThan(width - 20);
    seen[width] = await layout();
    expect(seen[width].viewport).toBeLessThanOrEqual(width);
  }
  expect(seen[375].mobile).toBe(true);
  expect(seen[768].mobile).toBe(false);
  expect(seen[375].navPadding).toBe('16px');
  expect(seen[1440].navPadding).not.toBe('16px');
  expect(seen[375].hero).toBeLessThan(375);
  expect(seen[1440].hero).toBeGreaterThan(seen[375].hero);
  // Still the same page and session: nothing reloaded, the agent stayed connected.
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled();
});

test('EDT-18 EDT-14 switching the view loads the other locale in editor mode and the agent connects again', async ({ page }) => {
  test.setTimeout(120_000);
  await openProject(page, services);
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled({ timeout: 15_000 });
  const frame = canvasFrame(page);
  const src = () => frameElement(page).getAttribute('src');
  const before = new URL((await src())!);
  expect(before.pathname).toBe('/');
  const englishTitle = await frame.locator('h1.hero-title').innerText();

  await page.getByRole('combobox', { name: 'View', exact: true }).selectOption({ label: 'Homepage (German)' });
  await expect.poll(async () => new URL((await src())!).pathname).toBe('/de-de');
  const after = new URL((await src())!);
  expect(after.searchParams.get('varia_editor')).toBe('true');
  // A new session: another token in the hash, the old page's can no longer talk to the editor.
  const token = (url: URL) => new URLSearchParams(url.hash.slice(1)).get('varia_editor_token');
  expect(token(after)).toMatch(/^[0-9a-f]{32}$/);
  expect(token(after)).not.toBe(token(before));
  await expect(frame.locator('html')).toHaveAttribute('lang', /^de/);
  await expect(frame.locator('h1.hero-title')).not.toHaveText(englishTitle);
  await expect(page.getByLabel('Page path')).toHaveValue('/de-de');

  // The agent of the new page answers: picking selects on the German page.
  await pick(page, 'h1.hero-title');
  await expect(page.getByTestId('selected-selector')).toHaveText(/hero-title/);
  await expect(page.getByTestId('selector-matches')).toHaveText('unique');
});
