/**
 * The revision history on disk (services/editor/revisions.ts, EDT-9, EDT-11): numbered immutable files,
 * the next number from the newest file, unreadable or stray files passed over, and a config project's
 * data recorded once as its first revision. Real files in a temporary folder.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Revision } from '../../../editor-model/api-contract';
import type { ConfigSource } from '../../../services/editor/sources';
import { MAX_REVISION, latestRevision, listRevisions, nextRevisionNumber, readRevision, recordImport, writeRevision } from '../../../services/editor/revisions';

const projectDir = () => mkdtempSync(join(tmpdir(), 'varia-revisions-'));
const revision = (number: number, note = `r${number}`): Revision => ({
  revision: number, kind: 'publish', note, time: '2026-12-01T00:00:00.000Z', sizes: null, data: { projectId: 'p', revision: number }, snippet: 'x',
});

describe('revision history', () => {
  it('EDT-9 numbers follow the newest file, revisions are listed newest first without their data, and none is overwritten', async () => {
    const dir = projectDir();
    expect(await nextRevisionNumber(dir)).toBe(1);
    expect(await listRevisions(dir)).toEqual([]);
    expect(await latestRevision(dir)).toBeUndefined();
    await writeRevision(dir, revision(1));
    await writeRevision(dir, revision(12));
    await writeRevision(dir, revision(3));
    expect(await nextRevisionNumber(dir)).toBe(13);
    expect((await listRevisions(dir)).map((summary) => [summary.revision, summary.note, 'data' in summary, 'snippet' in summary])).toEqual([
      [12, 'r12', false, false], [3, 'r3', false, false], [1, 'r1', false, false],
    ]);
    await expect(writeRevision(dir, revision(3, 'again'))).rejects.toThrow('Revision 3 already exists');
    expect((await readRevision(dir, 3))?.note).toBe('r3');
    expect((await latestRevision(dir))?.data).toEqual({ projectId: 'p', revision: 12 });
  });

  it('EDT-9 a stray or unreadable file is passed over; a file copied under another number is read as that number', async () => {
    const dir = projectDir();
    await writeRevision(dir, revision(2));
    const revisions = join(dir, 'revisions');
    writeFileSync(join(revisions, '00000009.json.tmp'), '{');
    writeFileSync(join(revisions, 'notes.json'), '{}');
    writeFileSync(join(revisions, '00000005.json'), '{ half a revi');
    expect((await listRevisions(dir)).map((summary) => summary.revision)).toEqual([2]);
    expect((await latestRevision(dir))?.revision).toBe(2);
    // The unreadable file still holds its number: the next revision does not reuse it.
    expect(await nextRevisionNumber(dir)).toBe(6);
    writeFileSync(join(revisions, '00000007.json'), JSON.stringify(revision(2)));
    expect((await readRevision(dir, 7))?.revision).toBe(7);
  });

  it('EDT-9 numbers outside 0..99999999 are refused, and the last number ends the history', async () => {
    const dir = projectDir();
    expect(await readRevision(dir, -1)).toBeUndefined();
    expect(await readRevision(dir, 1.5)).toBeUndefined();
    await expect(writeRevision(dir, revision(MAX_REVISION + 1))).rejects.toThrow(RangeError);
    await writeRevision(dir, revision(MAX_REVISION));
    await expect(nextRevisionNumber(dir)).rejects.toThrow(`the last revision number (${MAX_REVISION})`);
  });

  it('EDT-11 a config project is recorded once as its first revision, with the built snippet when there is one', async () => {
    const dir = projectDir();
    const snippets = mkdtempSync(join(tmpdir(), 'varia-revisions-snippets-'));
    const source = (revisionField: unknown) =>
      ({ projectId: 'shop', file: '/x/config/shop/project.ts', path: 'config/shop/project.ts', project: { data: { projectId: 'shop', accountId: 'a', revision: revisionField } } }) as unknown as ConfigSource;
    mkdirSync(snippets, { recursive: true });
    writeFileSync(join(snippets, 'shop.js'), 'console.log("built");');
    await recordImport(dir, source(7), snippets);
    await recordImport(dir, source(8), snippets);
    const history = await listRevisions(dir);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ revision: 7, kind: 'import', note: 'Imported from config/shop/project.ts' });
    expect(history[0].sizes?.raw).toBe('console.log("built");'.length);
    expect((await readRevision(dir, 7))?.snippet).toBe('console.log("built");');
    // A revision field that is not a whole number, and no built snippet: revision 0, no sizes.
    const other = projectDir();
    await recordImport(other, source('draft'), join(snippets, 'none'));
    expect(await listRevisions(other)).toEqual([expect.objectContaining({ revision: 0, sizes: null })]);
  });
});
