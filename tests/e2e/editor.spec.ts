/**
 * The editor in web mode, end to end: author an experiment in a project, undo and redo, review,
 * publish, history with the diff, rollback, with the served snippet checked at each step.
 */
import { expect, test } from '@playwright/test';
import { addAndName, editorApi, expectSaved, openProject, PROJECT, servedSnippet, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

test('EDT-2 EDT-4 EDT-6 EDT-8 EDT-9 EDT-10 EDT-11 EDT-12 EDT-13 an experiment with two variations: undo, redo, publish, history, diff, rollback', async ({ page }) => {
  test.setTimeout(480_000);
  await openProject(page, services);
  const live = (await (await editorApi(services, `projects/${PROJECT}`)).json()).liveRevision as number;
  expect(await servedSnippet(services)).not.toContain('Bold headline');

  // EDT-8: create a campaign, an experiment (with its Original) and a second variation, naming each.
  await addAndName(page, 'Add campaign', 'Hero test campaign');
  await addAndName(page, 'Add experiment to Hero test campaign', 'Hero headline');
  await addAndName(page, 'Add variation to Hero headline', 'Bold headline');
  await page.locator('.tree-row__name', { hasText: 'Hero headline' }).click();
  await expect(page.locator('input[name^="traffic-"]')).toHaveCount(2);
  await expect(page.locator('input[name^="traffic-"]').first()).toHaveValue('50');

  // EDT-6: labelled undo and redo (the rename, then the creation of the variation).
  await page.locator('.sidebar .panel-header').click();
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', /Rename variation "Variation" to "Bold headline"/);
  await page.keyboard.press('Control+z');
  await expect(page.locator('.tree-row__name', { hasText: 'Bold headline' })).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(page.locator('input[name^="traffic-"]')).toHaveCount(1);
  await page.keyboard.press('Control+Shift+z');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('.tree-row__name', { hasText: 'Bold headline' })).toBeVisible();
  await expect(page.locator('input[name^="traffic-"]')).toHaveCount(2);
  await expectSaved(page);

  // EDT-12: the review shows the diff against live, the validation and the size; EDT-13: publish serves it.
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Valid', exact: true })).toBeVisible({ timeout: 150_000 });
  await expect(page.locator('[aria-label="Changes since live"]')).toContainText('experiment "Hero headline"');
  await expect(page.locator('.size-change')).toContainText('gzip');
  await page.locator('textarea[name="note"]').fill('Hero headline test');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.notice--ok')).toContainText(`Revision ${live + 1} is live`, { timeout: 150_000 });
  expect(await servedSnippet(services)).toContain('Bold headline');
  await expect(page.locator('[data-status="live"]')).toHaveText(`Live revision ${live + 1}`);

  // EDT-9, EDT-10: the history lists it first, with its diff against the previous revision.
  await page.getByRole('button', { name: 'History', exact: true }).click();
  const newest = page.locator('.revision').first();
  await expect(newest).toHaveAttribute('data-revision', String(live + 1));
  await expect(newest).toContainText('Hero headline test');
  await expect(newest).toContainText('Live');
  await expect(page.locator('.diff')).toContainText('variation "Bold headline"');
  const traffic = page.locator('.diff-entity', { hasText: 'experiment "Hero headline"' }).locator('.diff-field', { hasText: 'weightDistributions' });
  await traffic.getByRole('button', { name: 'Compare JSON' }).click();
  await expect(traffic.locator('.monaco-diff .editor.modified .view-lines').last()).toContainText('endOfRange', { timeout: 30_000 });

  // EDT-11: roll back to the previous revision, published as a new one.
  await page.locator(`.revision[data-revision="${live}"]`).click();
  await page.getByRole('button', { name: `Roll back to r${live}` }).click();
  // Issue 36: a confirmation names both revisions, offers the working copy's choice, and shows progress.
  const dialog = page.getByRole('dialog', { name: `Roll back to revision ${live}?` });
  await expect(dialog).toContainText(`published again as revision r${live + 2}, replacing live revision r${live + 1}`);
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  // The request is held until the progress has been seen, so the check never races the publish.
  let release!: () => void;
  const progressSeen = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/editor/projects/*/rollback', async (route) => {
    await progressSeen;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Roll back and publish' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Building and publishing revision r${live + 2}`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  release();
  await expect(dialog).toBeHidden({ timeout: 150_000 });
  await expect(page.locator('.notice--ok')).toContainText(`Revision ${live + 2} is live`);
  await expect(page.locator('.notice--ok')).toContainText(`The working copy is revision ${live} too.`);
  // The status bar and the tree follow without a reload (the tree is checked last).
  await expect(page.locator('[data-status="live"]')).toHaveText(`Live revision ${live + 2}`);
  await expect(page.locator('.revision').first()).toHaveAttribute('data-revision', String(live + 2));
  await expect(page.locator('.revision').first()).toContainText('rollback');
  expect(await servedSnippet(services)).not.toContain('Bold headline');
  const revisions = (await (await editorApi(services, `projects/${PROJECT}/revisions`)).json()) as Array<{ revision: number }>;
  expect(revisions.map((revision) => revision.revision)).toEqual([live + 2, live + 1, live]);
  // The rolled-back experiment has left the working copy's tree too, without a reload.
  await page.getByRole('button', { name: 'Design', exact: true }).click();
  await expect(page.locator('.tree-row__name', { hasText: 'Hero headline' })).toHaveCount(0, { timeout: 30_000 });
});
