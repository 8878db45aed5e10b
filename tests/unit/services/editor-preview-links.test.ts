/**
 * Preview links (issue 36, EDT-23): only a project whose pages run the preview bootstrap gets one; any
 * other is refused with words saying what the preview shows instead, so the editor never hands out a
 * link that silently shows the live site as if it were the working copy.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPreviewLinks, runsPreviewData } from '../../../services/editor/preview-links';
import { PublishRefused } from '../../../services/editor/publish';
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
