/**
 * Monaco in the change forms (EDT-20), in Chromium against the bundled Monaco the editor ships (no
 * CDN): widget JSON is completed and validated against the widget's JSON schema, and custom code is
 * completed and checked against the custom-code API's declarations, in JavaScript and TypeScript.
 * Completions are read from Monaco's suggest list, problems from the markers the form lists.
 */
import { expect, test, type Page } from '@playwright/test';
import { fillMonaco, newVariation } from './editor-canvas-kit';
import { openProject, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

/**
 * The labels Monaco's suggest list offers once `typed` is typed at the end of the editor's text
 * (less `back` characters; `here`: at the cursor), asked with Ctrl+Space; polled until they include
 * `expected`.
 */
async function completions(page: Page, expected: string, typed = '', back: number | 'here' = 0): Promise<string[]> {
  if (back !== 'here') {
    await page.locator('.au-editor .monaco-editor').first().click();
    await page.keyboard.press('Control+End');
    for (let step = 0; step < back; step += 1) await page.keyboard.press('ArrowLeft');
  }
  // Inserted at once (typed key by key, quick suggestions could take a key as their commit character).
  if (typed) await page.keyboard.insertText(typed);
  const rows = page.locator('.suggest-widget .monaco-list-row');
  let labels: string[] = [];
  // The language worker may answer after the first (word-based) list: ask again until it has.
  await expect
    .poll(async () => {
      if (!(await rows.first().isVisible())) await page.keyboard.press('Control+Space');
      labels = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent ?? ''));
      return labels.some((label) => label.startsWith(expected));
      // The language worker's first answer can take long on a loaded machine (the TypeScript worker starts).
    }, { timeout: 60_000, intervals: [250, 500, 1000] })
    .toBe(true);
  await page.keyboard.press('Escape');
  return labels;
}

test('EDT-20 widget JSON: the schema\'s fields are completed, a wrong type and an unknown field are flagged', async ({ page }) => {
  test.setTimeout(180_000);
  await openProject(page, services);
  await newVariation(page, 'Widget JSON');
  await page.getByRole('button', { name: /^Widget/ }).click();
  await page.getByLabel('Widget', { exact: true }).selectOption('scroll_goals');
  // A new widget starts from its defaults (the schema's one field).
  await expect(page.locator('.au-editor .monaco-editor')).toContainText('eventSuffix', { timeout: 20_000 });
  await expect(page.getByTestId('widget-problems')).toHaveCount(0);

  // Completion inside an empty object offers the schema's property, from the JSON worker.
  await fillMonaco(page, '{  }');
  await completions(page, 'eventSuffix', '', 2);

  // A number where the schema says string, and a field the widget does not declare.
  await fillMonaco(page, '{ "eventSuffix": 5, "colour": "red" }');
  const problems = page.getByTestId('widget-problems');
  await expect(problems).toContainText('Incorrect type. Expected "string"', { timeout: 20_000 });
  await expect(problems).toContainText('Property colour is not allowed');
  await expect(page.locator('.au-editor .squiggly-error, .au-editor .squiggly-warning').first()).toBeAttached();
  // While the configuration has problems the change cannot be added (saving would drop or default them).
  const add = page.getByRole('button', { name: 'Add change' });
  await expect(add).toBeDisabled();
  await expect(page.getByTestId('save-blocked')).toBeVisible();

  // Fixed: no problem left, the change can be added.
  await fillMonaco(page, '{ "eventSuffix": "_home" }');
  await expect(problems).toHaveCount(0, { timeout: 20_000 });
  await expect(add).toBeEnabled();
  await expect(page.getByTestId('save-blocked')).toHaveCount(0);
});

test('EDT-20 custom code: the API\'s members are completed from its declarations and a wrong call is flagged, in JavaScript and TypeScript', async ({ page }) => {
  test.setTimeout(180_000);
  await openProject(page, services);
  await newVariation(page, 'Custom code types');
  await page.getByRole('button', { name: /^Custom code/ }).click();
  await expect(page.locator('.au-editor .monaco-editor')).toContainText('VariaApi', { timeout: 20_000 });

  // JavaScript typed by JSDoc (the new change's template types `api` so): `api.` offers the declared
  // members, on a new line of the function's body (in the large editor, where no line wraps).
  await page.locator('.au-expand').click();
  await expect(page.getByRole('dialog', { name: 'Custom code (large editor)' }).locator('.monaco-editor')).toContainText('VariaApi', { timeout: 20_000 });
  const inBody = async (text: string) => {
    await page.locator('.au-editor .monaco-editor').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText(text);
  };
  await inBody('');
  // (The list renders its first rows only, in alphabetical order.)
  const members = await completions(page, 'clock', 'api.', 'here');
  for (const name of ['data', 'emit', 'get', 'log']) expect(members.some((label) => label.startsWith(name))).toBe(true);
  for (let step = 0; step < 'api.'.length; step += 1) await page.keyboard.press('Backspace');
  // Only the API's members: nothing of the global scope.
  expect(members.some((label) => label.startsWith('AbortController'))).toBe(false);

  // A wrong call: observeSelector takes a selector string and a callback.
  await inBody("api.get('changes')?.observeSelector(42, (el) => el.remove());");
  const problems = page.getByTestId('code-problems');
  await expect(problems).toContainText("Argument of type 'number' is not assignable to parameter of type 'string'", { timeout: 30_000 });

  // TypeScript: the same declarations; a call with arguments the clock does not take.
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('radio', { name: 'TypeScript' }).click();
  await fillMonaco(page, '(api: VariaApi) => { const t: number = api.clock.now(1); }');
  await expect(problems).toContainText('Expected 0 arguments, but got 1', { timeout: 30_000 });
  await fillMonaco(page, '(api: VariaApi) => { const t: number = api.clock.now(); }');
  await expect(problems).toHaveCount(0, { timeout: 30_000 });
});
