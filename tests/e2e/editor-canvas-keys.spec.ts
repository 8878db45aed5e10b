/**
 * The workspace's shortcuts while the canvas has focus (EDT-2, EDT-16, EDT-17): key presses in the
 * page's frame never reach the editor's window, so the agent forwards undo, redo and save through
 * the channel and the workspace acts on them as if pressed in its own window.
 */
import { expect, test } from '@playwright/test';
import { clickInCanvas, newVariation } from './editor-canvas-kit';
import { expectSaved, openProject, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

test('EDT-17 EDT-16 EDT-2 with the canvas focused, Ctrl+Z undoes, Ctrl+Shift+Z redoes and Ctrl+S saves the project', async ({ page }) => {
  test.setTimeout(120_000);
  await openProject(page, services);
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled({ timeout: 15_000 });
  await newVariation(page, 'Undo from the canvas');
  await expectSaved(page);
  const row = page.locator('.tree-row__name', { hasText: 'Undo from the canvas' });
  await expect(row).toHaveCount(1);

  // Focus the page on the canvas (the picker is off: a plain click on the hero's text).
  await clickInCanvas(page, 'h1.hero-title');
  const focusIsInCanvas = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
  await expect.poll(focusIsInCanvas).toBe('canvas-frame');

  await page.keyboard.press('Control+z');
  await expect(row).toHaveCount(0);
  await page.keyboard.press('Control+Shift+z');
  await expect(row).toHaveCount(1);
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+y');
  await expect(row).toHaveCount(1);
  expect(await focusIsInCanvas()).toBe('canvas-frame');

  // Save now: with the edits already saved, only the shortcut sends a save.
  await expectSaved(page);
  const saved = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/save'), { timeout: 10_000 });
  await clickInCanvas(page, 'h1.hero-title');
  await page.keyboard.press('Control+s');
  await saved;
  await expectSaved(page);
  // The page's own Ctrl+S (the browser's "save page") did not happen, and the page is still in editor mode.
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled();
});
