/**
 * TRK-39 TRK-42 TRK-43 the libsql store on a real file (services/collector/libsql-store.ts): another
 * process's write lock is waited for and then answered as unavailable, an unreadable file is moved aside
 * with its log, the report bound holds across restarts, requests written together keep their own counts,
 * and a stopped store's file holds every event by itself.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import Database from 'libsql';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../../services/collector/contract';
import { openLibsqlStore } from '../../../services/collector/libsql-store';
import { normalizeBody } from '../../../services/collector/normalize';

const dirs: string[] = [];
const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'varia-libsql-'));
  dirs.push(dir);
  return join(dir, 'events.sqlite');
};
const events = (projectId: string, uuids: string[]) =>
  normalizeBody(JSON.stringify({ account_id: 'a', project_id: projectId, visitors: [{ visitor_id: 'v', snapshots: [{ events: uuids.map((uuid) => ({ entity_id: 'e', type: 'custom', timestamp: 1, uuid })) }] }] }));

/**
 * Another process holding the file's write lock: resolves once it holds it. It lets go after `holdMs`, or
 * when told to (stdin) when `holdMs` is undefined.
 */
async function lockHolder(file: string, holdMs?: number): Promise<ChildProcessWithoutNullStreams> {
  const script = `
    import Database from 'libsql';
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    const release = () => { db.exec('COMMIT'); db.close(); process.exit(0); };
    process.stdout.write('locked\\n');
    ${holdMs === undefined ? "process.stdin.once('data', release);" : `setTimeout(release, ${holdMs});`}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: process.cwd() });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}): ${child.stderr.read() ?? ''}`)));
  });
  return child;
}

describe('collector: the libsql store on a file', () => {
  it('TRK-39 a write waits for another process\'s write lock; past the wait it is refused as unavailable (503, sent again) and the store works once the lock is gone', async () => {
    const file = tempFile();
    const store = await openLibsqlStore(file);
    // Held briefly: the write waits for it and goes through.
    await lockHolder(file, 1500);
    expect(await store.add(events('p', ['a']), 1)).toEqual({ accepted: 1, duplicates: 0 });
    // Held past the wait (5 s): unavailable, with the reason.
    const holder = await lockHolder(file);
    const refused = await store.add(events('p', ['b']), 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreUnavailableError);
    expect((refused as Error).message).toMatch(/^the collector's SQLite file is locked by another writer \(.+\)$/);
    // The engine's own error stays attached for the log.
    expect((refused as Error).cause).toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
    holder.stdin.write('go\n');
    await once(holder, 'exit');
    expect(await store.add(events('p', ['b']), 3)).toEqual({ accepted: 1, duplicates: 0 });
    await store.close();
  }, 30_000);

  it('TRK-42 an unreadable file is moved aside with its write-ahead log and shared memory, the warning says where, and the store starts empty', async () => {
    const file = tempFile();
    writeFileSync(file, 'not a database');
    writeFileSync(`${file}-wal`, 'its log');
    writeFileSync(`${file}-shm`, 'its shared memory');
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    const store = await openLibsqlStore(file).finally(() => (console.warn = warn));
    const [aside] = readdirSync(join(file, '..')).filter((name) => name.startsWith('events.sqlite.unreadable-') && !name.includes('-wal') && !name.includes('-shm'));
    const moved = join(file, '..', aside);
    expect([readFileSync(moved, 'utf8'), readFileSync(`${moved}-wal`, 'utf8'), readFileSync(`${moved}-shm`, 'utf8')]).toEqual(['not a database', 'its log', 'its shared memory']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(new RegExp(`^\\[collector\\] ${file.replace(/[.\\/]/g, '\\$&')} could not be opened \\(.+\\); moved to ${moved.replace(/[.\\/]/g, '\\$&')}, starting empty$`));
    expect(await store.summary('p')).toMatchObject({ events: 0 });
    await store.close();
  });

  it('TRK-43 exactly the bound of reports is kept; past it a tenth of the oldest goes; the count survives a restart; each report keeps its project (or none)', async () => {
    const file = tempFile();
    const count = () => {
      const reader = new Database(file, { readonly: true });
      try {
        return reader.prepare('SELECT id, project_id AS project FROM reports ORDER BY received_at').all() as Array<{ id: string; project: string | null }>;
      } finally {
        reader.close();
      }
    };
    let store = await openLibsqlStore(file, { maxReports: 10 });
    for (let i = 0; i < 10; i += 1) await store.addReport(`r${i}`, i === 0 ? undefined : 'p', '{}', i);
    expect(count()).toHaveLength(10);
    expect(count()[0]).toEqual({ id: 'r0', project: null });
    expect(count()[1]).toEqual({ id: 'r1', project: 'p' });
    await store.close();
    // A restart counts what the file holds: the eleventh report prunes the two oldest (one over, plus a tenth).
    store = await openLibsqlStore(file, { maxReports: 10 });
    await store.addReport('r10', 'p', '{}', 10);
    expect(count().map((report) => report.id)).toEqual(['r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10']);
    await store.close();
  });

  it('TRK-39 requests written together in one transaction keep their own counts', async () => {
    const store = await openLibsqlStore(tempFile());
    await store.add(events('p', ['old']), 1);
    // Same turn: one group, one transaction.
    const results = await Promise.all([store.add(events('p', ['a', 'old']), 2), store.add(events('p', ['b']), 2), store.add(events('q', ['old']), 2)]);
    expect(results).toEqual([{ accepted: 1, duplicates: 1 }, { accepted: 1, duplicates: 0 }, { accepted: 1, duplicates: 0 }]);
    await store.close();
  });

  it('TRK-39 a stopped store\'s file holds every event by itself (a copy of the file alone misses nothing); closing again is harmless', async () => {
    const file = tempFile();
    const store = await openLibsqlStore(file);
    await store.add(events('p', ['a', 'b']), 1);
    await store.close();
    await store.close();
    const copy = tempFile();
    copyFileSync(file, copy);
    const reader = new Database(copy, { readonly: true });
    expect(reader.prepare('SELECT uuid FROM events ORDER BY uuid').all()).toEqual([{ uuid: 'a' }, { uuid: 'b' }]);
    reader.close();
  });

  it('TRK-42 an empty file is a new database, not an unreadable one; a damaged database past its header is moved aside too', async () => {
    const empty = tempFile();
    writeFileSync(empty, '');
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    try {
      const store = await openLibsqlStore(empty);
      expect(await store.add(events('p', ['a']), 1)).toEqual({ accepted: 1, duplicates: 0 });
      await store.close();
      expect(warnings).toEqual([]);
      // A real header followed by garbage: SQLite itself refuses it.
      const damaged = tempFile();
      writeFileSync(damaged, Buffer.concat([Buffer.from('SQLite format 3\u0000', 'latin1'), Buffer.alloc(4096, 0xab)]));
      const again = await openLibsqlStore(damaged);
      expect(await again.summary('p')).toMatchObject({ events: 0 });
      await again.close();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/could not be opened \(.+\); moved to .+\.unreadable-\d+, starting empty$/);
    } finally {
      console.warn = warn;
    }
  });
});
