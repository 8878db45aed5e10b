/**
 * The page under edit cannot reach the editor (ruling 25): the canvas loads it from another origin
 * (the services under `localhost`), so a script of the page cannot touch the editor's window through
 * `parent`, cannot read the editor's page (and its session token), cannot call the editor's API, and
 * a message it forges to the editor is dropped. Clicks and hover still land on the right element in
 * the scaled frame: a box in each corner of the window, picked near the frame's corners at every
 * device width.
 */
import { expect, test } from '@playwright/test';
import { canvasFrame, pick } from './editor-canvas-kit';

/** The canvas's device widths (EDT-18), as its toolbar names them. */
const DEVICES = [
  { label: 'Mobile', width: 375 },
  { label: 'Tablet', width: 768 },
  { label: 'Desktop', width: 1280 },
  { label: 'Wide', width: 1440 },
];
import { openProject, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

test('EDT-17 a script of the page on the canvas cannot reach the editor: no parent window, no editor page, no API', async ({ page }) => {
  test.setTimeout(120_000);
  await openProject(page, services);
  await expect(page.getByRole('button', { name: 'Pick element' })).toBeEnabled({ timeout: 15_000 });
  const editorOrigin = new URL(services.url).origin;
  const probe = await canvasFrame(page).locator('html').evaluate(async (_html, editor) => {
    const tryIt = async (run: () => unknown) => {
      try {
        return `reached: ${String(await run()).slice(0, 40)}`;
      } catch (error) {
        return `blocked: ${(error as Error).name}`;
      }
    };
    return {
      origin: location.origin,
      parentDocument: await tryIt(() => window.parent.document.title),
      parentLocation: await tryIt(() => window.parent.location.href),
      editorPage: await tryIt(async () => (await fetch(`${editor}/editor/`)).text()),
      api: await tryIt(async () => (await fetch(`${editor}/api/editor/projects`)).status),
      write: await tryIt(async () => (await fetch(`${editor}/api/editor/projects`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"projectId":"from-page"}' })).status),
    };
  }, editorOrigin);
  expect(probe.origin).not.toBe(editorOrigin);
  expect(probe.origin).toMatch(/^http:\/\/localhost:\d+$/);
  expect(probe.parentDocument).toMatch(/^blocked/);
  expect(probe.parentLocation).toMatch(/^blocked/);
  expect(probe.editorPage).toMatch(/^blocked/);
  expect(probe.api).toMatch(/^blocked/);
  expect(probe.write).toMatch(/^blocked/);
  // A message forged by the page (it can guess the protocol, not the session token) changes nothing.
  await canvasFrame(page).locator('html').evaluate(() => {
    window.parent.postMessage({ protocol: 'varia-editor/1', token: '0'.repeat(32), type: 'shortcut', key: 'z', ctrl: true, meta: false, shift: false }, '*');
  });
  const projects = (await (await fetch(`${services.url}/api/editor/projects`, { headers: { 'X-Varia-Session': services.token } })).json()) as Array<{ projectId: string }>;
  expect(projects.map((project) => project.projectId)).not.toContain('from-page');
});

test('EDT-15 EDT-18 clicks and hover near the frame\'s corners land on the corner\'s element at every device width', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openProject(page, services);
  const address = page.getByLabel('Page path');
  await address.fill('/editor/fixtures/corners');
  await address.press('Enter');
  await expect(canvasFrame(page).locator('#corner-br')).toBeVisible();
  for (const device of DEVICES) {
    await page.getByRole('radio', { name: String(device.width) }).click();
    await expect.poll(() => canvasFrame(page).locator('html').evaluate(() => document.documentElement.clientWidth)).toBe(device.width);
    for (const [corner, at] of [['tl', { x: 3, y: 3 }], ['tr', { x: 45, y: 3 }], ['bl', { x: 3, y: 45 }], ['br', { x: 45, y: 45 }]] as const) {
      await pick(page, `#corner-${corner}`, at);
      // The pointer is still where it clicked: the hover is that corner's element too.
      await expect(page.getByTestId('hovered-element'), `${device.label} hover ${corner}`).toContainText(`#corner-${corner}`);
      await expect(page.getByTestId('selected-selector'), `${device.label} click ${corner}`).toHaveText(`#corner-${corner}`);
    }
  }
});
