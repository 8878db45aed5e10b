/**
 * Helpers of the canvas end-to-end tests (editor-canvas*.spec.ts): the canvas frame, a new variation
 * in the homepage's navigation experiment, picking on the page, and typing into Monaco.
 */
import { expect, type Page } from '@playwright/test';
import { addAndName } from './editor-kit';

/** The experiment new variations go into: it runs on the default homepage for everyone. */
export const EXPERIMENT = 'Navigation: platform link hidden, Atlas link reworded';

/** The page on the canvas. */
export const canvasFrame = (page: Page) => page.frameLocator('[data-testid=canvas-frame]');

/** Adds a variation to the navigation experiment and selects it; resolves with its id (from the preview link). */
export async function newVariation(page: Page, name: string): Promise<string> {
  // The experiment's row (the campaign above it has the same name) shows its add button once selected.
  await page.locator('.tree-row__name', { hasText: EXPERIMENT }).nth(1).click();
  await addAndName(page, `Add variation to ${EXPERIMENT}`, name);
  await page.locator('.tree-row__name', { hasText: name }).click();
  const link = page.getByLabel('Preview link', { exact: true });
  await expect(link).toHaveValue(/varia_force_variations=/);
  return new URL(await link.inputValue()).searchParams.get('varia_force_variations')!;
}

/**
 * Where an element of the canvas page is on the editor's screen: its centre (or the point `at`, in the
 * element's own CSS pixels from its top left) mapped through the frame's scale. The page is another
 * origin than the editor's (ruling 25), so the browser runs it in a frame process of its own, and
 * Playwright's own click on it misses the frame's CSS transform: the tests click where a person would.
 */
export async function canvasPoint(page: Page, selector: string, at?: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const rect = await canvasFrame(page).locator(selector).first().evaluate((element) => {
    // Centred, clear of a sticky header; instantly, since the box is measured right after.
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const box = element.getBoundingClientRect();
    return { x: box.x, y: box.y, width: box.width, height: box.height };
  });
  const frame = await page.locator('[data-testid=canvas-frame]').evaluate((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // The frame's content box: its border and padding are not the page's.
    const left = parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const top = parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
    const scale = box.width / (element as HTMLElement).offsetWidth;
    return { x: box.x + left * scale, y: box.y + top * scale, scale };
  });
  const point = at ?? { x: rect.width / 2, y: rect.height / 2 };
  return { x: frame.x + (rect.x + point.x) * frame.scale, y: frame.y + (rect.y + point.y) * frame.scale };
}

/** Clicks an element of the canvas page as a person would (see {@link canvasPoint}). */
export async function clickInCanvas(page: Page, selector: string, at?: { x: number; y: number }): Promise<void> {
  const { x, y } = await canvasPoint(page, selector, at);
  await page.mouse.click(x, y);
}

/**
 * Turns the picker on and selects what `selector` finds first in the canvas (a real click in the page,
 * at its centre or at `at`, in the element's own pixels).
 */
export async function pick(page: Page, selector: string, at?: { x: number; y: number }): Promise<void> {
  const picker = page.getByRole('button', { name: 'Pick element' });
  await expect(picker).toBeEnabled({ timeout: 15_000 });
  if ((await picker.getAttribute('aria-pressed')) !== 'true') await picker.click();
  const target = canvasFrame(page).locator(selector).first();
  // The button turns on at once; the page's agent hears of it over the channel, which on a busy machine
  // can come after a click sent straight away (the click would then reach the page as a normal click).
  // Point at the element first, as a person does, until the editor names what is under the pointer (the
  // agent only reports a hover with the picker on, and the editor forgets it when the picker goes off).
  const hovered = page.getByTestId('hovered-element');
  let nudge = 0;
  await expect(async () => {
    const { x, y } = await canvasPoint(page, selector, at);
    // A move to where the pointer already is sends no event: alternate by a fraction of a pixel.
    await page.mouse.move(x + (nudge++ % 2) * 0.5, y);
    await expect(hovered).toBeAttached({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await clickInCanvas(page, selector, at);
  // The selection reaches the editor over the channel after the click: wait until the editor names the
  // element clicked, the child of it the click landed on, or the text holder around it (a click on a
  // heading's span means the heading), not a previous selection still on screen.
  await expect
    .poll(async () => {
      const named = await page.getByTestId('selected-selector').textContent().catch(() => null);
      if (!named) return false;
      return target.evaluate((element, css) => {
        try {
          return [...element.ownerDocument.querySelectorAll(css)].some((match) => element.contains(match) || match.contains(element));
        } catch {
          return false;
        }
      }, named);
    }, { timeout: 15_000 })
    .toBe(true);
}

/**
 * Replaces the text of the Monaco editor in the change editor (loaded on first use). Give one line:
 * Monaco indents and closes brackets after a typed line break, as it does for people.
 */
export async function fillMonaco(page: Page, text: string, index = 0): Promise<void> {
  const editor = page.locator('.au-editor .monaco-editor').nth(index);
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  // insertText: no auto-closing of tags and brackets, as a paste.
  await page.keyboard.insertText(text);
}
