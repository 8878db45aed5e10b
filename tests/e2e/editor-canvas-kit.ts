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

/** Turns the picker on and selects what `selector` finds first in the canvas (a real click in the page). */
export async function pick(page: Page, selector: string): Promise<void> {
  const picker = page.getByRole('button', { name: 'Pick element' });
  await expect(picker).toBeEnabled({ timeout: 15_000 });
  if ((await picker.getAttribute('aria-pressed')) !== 'true') await picker.click();
  const target = canvasFrame(page).locator(selector).first();
  await target.click();
  // The selection reaches the editor over the channel after the click: wait until the editor names the
  // element clicked or the child of it the click landed on, not a previous selection still on screen.
  await expect
    .poll(async () => {
      const named = await page.getByTestId('selected-selector').textContent().catch(() => null);
      if (!named) return false;
      return target.evaluate((element, css) => {
        try {
          return [...element.ownerDocument.querySelectorAll(css)].some((match) => element.contains(match));
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
