/**
 * The editor agent's build cache (EDT-14, EDT-26): the services load the agent from the cache file
 * when none of the sources it was built from changed, and build it again (and rewrite the cache)
 * when one did, so a canvas never waits for a build after the first run and never gets a stale agent.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAgent } from '../../../services/editor/agent-build';

describe('editor agent cache', () => {
  it('EDT-26 a cache whose sources are unchanged is used as it is; a changed source stamp rebuilds it', async () => {
    const cacheFile = join(mkdtempSync(join(tmpdir(), 'varia-agent-cache-')), 'agent.json');
    const built = await loadAgent(cacheFile);
    expect(built).toContain('varia-editor/1');
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as { key: string; stamps: Record<string, string>; code: string };
    expect(Object.keys(cache.stamps)).toContain('desktop/agent/index.ts');

    // Same stamps: the cached text is served, whatever it says.
    writeFileSync(cacheFile, JSON.stringify({ ...cache, code: 'cached agent' }));
    expect(await loadAgent(cacheFile)).toBe('cached agent');

    // One source's stamp differs (as after an edit): built again and cached again.
    writeFileSync(cacheFile, JSON.stringify({ ...cache, code: 'stale agent', stamps: { ...cache.stamps, 'desktop/agent/index.ts': '0:0' } }));
    expect(await loadAgent(cacheFile)).toBe(built);
    expect(JSON.parse(readFileSync(cacheFile, 'utf8')).code).toBe(built);

    // Another set of widget folders: built again.
    writeFileSync(cacheFile, JSON.stringify({ ...cache, code: 'stale agent', key: 'only-one' }));
    expect(await loadAgent(cacheFile)).toBe(built);
  }, 60_000);
});
