/**
 * Live sync and persistence of working copies (EDT-5, EDT-7) in web mode: two browser contexts on
 * one project, concurrent edits of different fields, a backend killed and restarted, a WebSocket
 * closed in the middle of editing.
 */
import { expect, test, type Page } from '@playwright/test';
import { addAndName, expectSaved, openProject, startEditorServices, type EditorServices } from './editor-kit';

const PROJECT = 'example';
let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

const row = (page: Page, name: string) => page.locator('.tree-row__name', { hasText: name });

test('EDT-7 two browser contexts on one project see each other\'s edits; concurrent edits of different fields both survive', async ({ browser }) => {
  test.setTimeout(180_000);
  const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [pageA, pageB] = await Promise.all([a.newPage(), b.newPage()]);
  await openProject(pageA, services, PROJECT);
  await openProject(pageB, services, PROJECT);

  await addAndName(pageA, 'Add campaign', 'Shared campaign');
  await expect(row(pageB, 'Shared campaign')).toBeVisible({ timeout: 10_000 });

  await row(pageA, 'Shared campaign').click();
  await row(pageB, 'Shared campaign').click();
  // Both edits are typed before either window has seen the other's.
  await Promise.all([
    pageA.locator('input[name="layerHoldback"]').fill('5').then(() => pageA.locator('input[name="layerHoldback"]').press('Enter')),
    pageB.locator('input[name="name"]').fill('Renamed together').then(() => pageB.locator('input[name="name"]').press('Enter')),
  ]);
  for (const page of [pageA, pageB]) {
    await expect(row(page, 'Renamed together')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('input[name="layerHoldback"]')).toHaveValue('5', { timeout: 10_000 });
  }
  await Promise.all([a.close(), b.close()]);
});

test('EDT-5 the services killed and restarted: every saved edit is there, in a fresh browser too', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await openProject(page, services, PROJECT);
  await addAndName(page, 'Add campaign', 'Survives a crash');
  await addAndName(page, 'Add audience', 'Returning buyers');
  await expectSaved(page);

  await services.stop('SIGKILL');
  services = await startEditorServices(services);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openProject(other, services, PROJECT);
  await expect(row(other, 'Survives a crash')).toBeVisible();
  await expect(row(other, 'Returning buyers')).toBeVisible();
  await fresh.close();
});

test('EDT-5 EDT-7 a WebSocket closed in the middle of editing: offline status, the edit kept and saved once the backend is back', async ({ browser, page }) => {
  test.setTimeout(180_000);
  await openProject(page, services, PROJECT);
  await addAndName(page, 'Add campaign', 'Before the outage');
  await expectSaved(page);

  await services.stop('SIGKILL');
  await expect(page.locator('[data-status="connection"]')).toHaveText(/Offline/, { timeout: 10_000 });
  await addAndName(page, 'Add campaign', 'Made while offline');
  await expect(page.locator('[data-status="saved"]')).toHaveText(/unsaved change/);
  await expect(page.locator('.status-bar')).toContainText(/kept|lost/);

  services = await startEditorServices({ ...services, port: services.port });
  await expect(page.locator('[data-status="connection"]')).toHaveText(/Connected/, { timeout: 20_000 });
  await expectSaved(page);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openProject(other, services, PROJECT);
  await expect(row(other, 'Made while offline')).toBeVisible();
  await expect(row(other, 'Before the outage')).toBeVisible();
  await fresh.close();
});

test('EDT-5 edits not yet saved survive a reload of the renderer (kept in the browser), then reach the backend', async ({ browser, page }) => {
  test.setTimeout(180_000);
  let blocked = true;
  // The backend is unreachable for this window only: its sync socket closes, its saves fail.
  await page.routeWebSocket(/\/api\/editor\/sync\//, (socket) => (blocked ? socket.close() : socket.connectToServer()));
  await page.route('**/api/editor/projects/*/save', (route) => (blocked ? route.abort() : route.continue()));
  await page.goto(`${services.url}/editor/#/p/${PROJECT}/design`);
  await expect(page.locator('[data-node="settings:project"]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-status="connection"]')).toHaveText(/Offline/, { timeout: 20_000 });
  await addAndName(page, 'Add campaign', 'Kept across a reload');
  await expect(page.locator('[data-status="saved"]')).toHaveText(/unsaved change/);
  // Wait until the browser's own copy (IndexedDB) has the edit, then reload the renderer.
  await expect.poll(() => page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const stores = [...db.objectStoreNames];
    const texts = await Promise.all(stores.map((store) => new Promise<string>((resolve) => {
      const request = db.transaction(store).objectStore(store).getAll();
      request.onsuccess = () => resolve(JSON.stringify(request.result));
    })));
    db.close();
    return texts.join('').includes('Kept across a reload');
  }, `varia-editor-${PROJECT}`), { timeout: 10_000 }).toBe(true);
  await page.reload();
  await expect(row(page, 'Kept across a reload')).toBeVisible({ timeout: 30_000 });

  blocked = false;
  await expect(page.locator('[data-status="connection"]')).toHaveText(/Connected/, { timeout: 20_000 });
  await page.locator('.sidebar .panel-header').click();
  await page.keyboard.press('Control+s');
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openProject(other, services, PROJECT);
  await expect(row(other, 'Kept across a reload')).toBeVisible({ timeout: 15_000 });
  await fresh.close();
});
