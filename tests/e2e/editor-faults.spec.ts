/**
 * Bad input for the editor backend (EDT-5, EDT-9, EDT-12, EDT-13): a corrupt working-copy file, a
 * project that fails validation, two publishes at once. Each gives a clear message, loses nothing
 * and never leaves half a revision.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { addAndName, editorApi, expectSaved, openProject, servedSnippet, startEditorServices, type EditorServices } from './editor-kit';

const PROJECT = 'example';
let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

const projectDir = () => join(services.dataDir, 'editor/projects', PROJECT);
const revisions = async () => (await (await editorApi(services, `projects/${PROJECT}/revisions`)).json()) as Array<{ revision: number }>;

test('EDT-5 a corrupt working-copy file: a clear message, the file kept aside, the last save restored', async ({ page }) => {
  test.setTimeout(300_000);
  await openProject(page, services, PROJECT);
  await addAndName(page, 'Add campaign', 'Saved before the damage');
  await page.locator('.sidebar .panel-header').click();
  await page.keyboard.press('Control+s');
  await expectSaved(page);
  await expect.poll(() => existsSync(join(projectDir(), 'working.saved.json'))).toBe(true);
  await page.close();

  await services.stop();
  writeFileSync(join(projectDir(), 'working.json'), '{"truncated": [1, 2');
  services = await startEditorServices(services);
  const fresh = await page.context().browser()!.newContext();
  const other = await fresh.newPage();
  await openProject(other, services, PROJECT);
  await expect(other.locator('.banner')).toContainText('could not be read');
  await expect(other.locator('.banner')).toContainText('restored from the last explicit save');
  await expect(other.locator('.tree-row__name', { hasText: 'Saved before the damage' })).toBeVisible();
  expect(readdirSync(projectDir()).some((name) => /^working\.corrupt-\d+\.json$/.test(name))).toBe(true);
  await fresh.close();
});

test('EDT-12 a project that fails validation: each problem linked to its entity, publish refused, no revision written', async ({ page }) => {
  test.setTimeout(300_000);
  await openProject(page, services, PROJECT);
  const before = await revisions();
  await addAndName(page, 'Add event', 'Checkout');
  await page.locator('input[name="apiName"]').fill('');
  await page.locator('input[name="apiName"]').press('Enter');
  await expectSaved(page);

  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('heading', { name: /problems? to fix/ })).toBeVisible({ timeout: 150_000 });
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  const problem = page.locator('.problem--error', { hasText: 'apiName' }).first();
  await expect(problem).toBeVisible();
  await problem.getByRole('button').click();
  await expect(page.locator('.inspector input[name="name"]')).toHaveValue('Checkout');

  const refused = await editorApi(services, `projects/${PROJECT}/publish`, { note: 'should not go out' });
  expect(refused.status).toBe(422);
  const body = (await refused.json()) as { problems: Array<{ table: string; message: string }> };
  expect(body.problems.some((item) => item.table === 'events')).toBe(true);
  expect(await revisions()).toEqual(before);
});

test('EDT-9 EDT-13 two publishes at once run one after the other: consecutive revisions, no half-written file, the last one served', async ({ page }) => {
  test.setTimeout(300_000);
  await openProject(page, services, PROJECT);
  const live = (await revisions())[0].revision;
  const publish = (note: string) =>
    editorApi(services, `projects/${PROJECT}/publish`, { note }).then((response) => response.json() as Promise<{ revision: number }>);
  const made = await Promise.all([publish('first'), publish('second')]);
  expect(made.map((item) => item.revision).sort()).toEqual([live + 1, live + 2]);
  expect((await revisions()).map((item) => item.revision)).toEqual([live + 2, live + 1, live]);
  expect(readdirSync(join(projectDir(), 'revisions')).filter((name) => !/^\d{8}\.json$/.test(name))).toEqual([]);
  const newest = (await (await editorApi(services, `projects/${PROJECT}/revisions/${live + 2}`)).json()) as { snippet: string };
  expect(await servedSnippet(services, PROJECT)).toBe(newest.snippet);
});
