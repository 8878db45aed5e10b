/**
 * Preview links (issue 36, EDT-23): only a project whose pages run the preview bootstrap gets one; any
 * other is refused with words saying what the preview shows instead, so the editor never hands out a
 * link that silently shows the live site as if it were the working copy.
 */
import { mkdtempSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SETTINGS_ROW } from '../../../editor-model/project-schema';
import { createPreviewLinks, runsPreviewData } from '../../../services/editor/preview-links';
import { PublishRefused, workingData } from '../../../services/editor/publish';
import { Workspace } from '../../../services/editor/workspace';

const dir = mkdtempSync(join(tmpdir(), 'varia-preview-links-'));
const workspace = new Workspace(join(dir, 'editor'), join(dir, 'snippets'));
afterAll(() => workspace.close());

describe('preview links', () => {
  it('EDT-23 a project runs preview data when a bootstrap sits beside its project file under config/', () => {
    const meta = (source: string | null) => ({ projectId: 'x', name: 'x', source, createdAt: '' });
    expect(runsPreviewData(meta('config/homepage/project.ts'))).toBe(true);
    expect(runsPreviewData(meta('config/example/project.ts'))).toBe(false);
    expect(runsPreviewData(meta(null))).toBe(false);
    // Only a plain config path is read: nothing outside config/ is asked about.
    expect(runsPreviewData(meta('config/../config/homepage/project.ts'))).toBe(false);
    expect(runsPreviewData(meta('/etc/homepage/project.ts'))).toBe(false);
  });

  it('EDT-23 a project created in the editor gets no link, and the refusal says what the preview shows instead', async () => {
    await workspace.create({ projectId: 'fresh' });
    const refusal = await createPreviewLinks().issue(await workspace.get('fresh'), ['v1']).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PublishRefused);
    expect((refusal as PublishRefused).problems).toEqual([]);
    expect((refusal as Error).message).toMatch(/run no bootstrap that loads preview data.*the preview shows the live revision with the variation forced/);
  });
});

/** Runs a preview-data script as a page would, with a document just big enough for its notice. */
function runScript(script: string) {
  const notice = { id: '', textContent: '', style: {} as Record<string, string>, setAttribute: () => undefined };
  const window: { variaPreview?: Array<Record<string, unknown>>; varia?: unknown[] } = {};
  const document = {
    body: { appendChild: () => undefined },
    getElementById: () => null,
    createElement: () => notice,
    addEventListener: () => undefined,
  };
  runInNewContext(script, { window, document });
  return { answers: window.variaPreview ?? [], notice: notice.textContent, varia: window.varia ?? [] };
}

describe('a preview link of the homepage\'s working copy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('EDT-23 hands the working copy\'s data to the page under a fresh token, with the forced variation named in the notice', async () => {
    const project = await workspace.get('homepage');
    const experiment = (workingData(project).data.layers as Array<{ experiments: Array<{ id: string; name?: string; variations: Array<{ id: string; name?: string }> }> }>)
      .flatMap((layer) => layer.experiments ?? []).find((candidate) => candidate.variations?.length)!;
    const variation = experiment.variations[0];
    const links = createPreviewLinks();
    const before = Date.now();
    const issued = await links.issue(project, [variation.id]);
    expect(issued.token).toMatch(/^homepage\.[0-9a-f]{32}$/);
    expect(Date.parse(issued.expiresAt) - before).toBeGreaterThanOrEqual(60 * 60 * 1000);
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const page = runScript(links.script(issued.token, {}));
    expect(page.answers).toHaveLength(1);
    const [answer] = page.answers;
    expect(answer).toMatchObject({ projectId: 'homepage', token: issued.token, variationIds: [variation.id] });
    expect((answer.data as { layers: unknown[] }).layers.length).toBeGreaterThan(0);
    expect(answer.layerIds).toBeUndefined();
    expect(page.notice).toBe(`Unpublished preview of the working copy of homepage.\nForced: ${experiment.name ?? experiment.id} \u2192 ${variation.name ?? variation.id}.`);
    // The notice follows each activation of the runtime.
    expect(page.varia).toEqual([['addListener', { type: 'lifecycle', name: 'activated' }, expect.any(Function)]]);

    // The link's own layer ids narrow what runs; ids that are not ids are dropped.
    expect(runScript(links.script(issued.token, { layers: ' hero , bad id,<x>,,pricing.v2' })).answers[0].layerIds).toEqual(['hero', 'pricing.v2']);
    expect(runScript(links.script(issued.token, { layers: ' , ' })).answers[0].layerIds).toBeUndefined();

    // Another token, or this one an hour later, is answered with what to do, and no data.
    const error = 'This preview link has expired, or the services were restarted since it was made: open a new one from the editor.';
    for (const token of ['homepage.' + '0'.repeat(32), '</script><script>alert(1)</script>']) {
      const unknown = runScript(links.script(token, {}));
      expect(unknown.answers).toEqual([{ projectId: '', token, error }]);
      expect(unknown.notice).toBe(error);
      expect(links.script(token, {})).not.toContain('</script>');
    }
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse(issued.expiresAt) + 1);
    expect(runScript(links.script(issued.token, {})).answers).toEqual([{ projectId: '', token: issued.token, error }]);
  }, 120_000);

  it('EDT-23 a working copy with errors gets no link, with the count and each problem', async () => {
    const project = await workspace.get('homepage');
    const own = project.store.getCell('settings', SETTINGS_ROW, 'projectId');
    project.store.setCell('settings', SETTINGS_ROW, 'projectId', 'another');
    try {
      const refusal = await createPreviewLinks().issue(project, []).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PublishRefused);
      expect((refusal as Error).message).toBe('The working copy has 1 problem(s); fix them before previewing it.');
      expect((refusal as PublishRefused).problems).toEqual([expect.objectContaining({ path: 'projectId', severity: 'error' })]);
    } finally {
      project.store.setCell('settings', SETTINGS_ROW, 'projectId', own as string);
    }
  }, 120_000);
});
