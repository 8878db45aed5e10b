/**
 * The editor's HTTP contract (issue 34): one module declares every route, the services answer each of
 * them and nothing else under /api/editor/, and the renderer reaches the API only through its one client
 * (no address built by hand, so every path parameter is encoded by `routePath`).
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_API, routePath, SESSION_HEADER, type RouteName } from '../../../editor-model/api-contract';
import { startServices, type RunningServices } from '../../../services/index';

const root = mkdtempSync(join(tmpdir(), 'varia-contract-'));
let services: RunningServices;
beforeAll(async () => {
  services = await startServices({ port: 0, dataDir: join(root, 'data'), snippetsDir: join(root, 'snippets') });
}, 120_000);
afterAll(async () => {
  await services?.close();
});

/** Source text without its comments (block comments and whole-line `//` comments). */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** A value for each path parameter the contract names. */
const SAMPLE: Record<string, string> = { id: 'contract-probe', revision: '1' };

describe('the editor API contract', () => {
  it('EDT-12 every declared route is answered by its handler (not the router\'s 404 or 405), with JSON', async () => {
    const seen: Record<string, number> = {};
    const created = await fetch(`${services.url}${routePath('createProject', {} as never)}`, {
      method: 'POST',
      headers: { [SESSION_HEADER]: services.sessionToken, Origin: services.url, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectId: SAMPLE.id }),
    });
    expect(created.status).toBe(200);
    for (const name of Object.keys(EDITOR_API) as RouteName[]) {
      const spec = EDITOR_API[name];
      const params = Object.fromEntries([...spec.path.matchAll(/:([a-z]+)/g)].map(([, key]) => [key, SAMPLE[key]]));
      const response = await fetch(`${services.url}${routePath(name, params as never)}`, {
        method: spec.method,
        headers: {
          [SESSION_HEADER]: services.sessionToken,
          ...(spec.method === 'POST' ? { Origin: services.url, 'Content-Type': 'application/json' } : {}),
        },
        body: spec.method === 'POST' ? '{}' : undefined,
      });
      const answer = await response.text();
      seen[name] = response.status;
      // A handler (or the contract's own check) answers in JSON; an unknown project or a malformed body is
      // still the route's own answer, never the router's "no such route".
      expect([404, 405].includes(response.status) && !/project|revision/i.test(answer), `${name}: ${response.status} ${answer}`).toBe(false);
      expect(response.headers.get('content-type'), name).toMatch(/application\/json/);
    }
    // The reads of an existing project succeed.
    for (const name of ['projectInfo', 'openProject', 'revisions', 'results'] as const) expect(seen[name], name).toBe(200);
  }, 120_000);

  it('EDT-12 the renderer calls the API only through its client: no /api/editor/ address written elsewhere', () => {
    const dir = join(import.meta.dirname, '../../../desktop/renderer/src');
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const name of readdirSync(folder)) {
        const path = join(folder, name);
        if (statSync(path).isDirectory()) walk(path);
        // An address in a string or template literal (a comment may name a route).
        else if (/\.tsx?$/.test(name) && /['"`][^'"`\n]*\/api\/editor\//.test(withoutComments(readFileSync(path, 'utf8')))) offenders.push(relative(dir, path));
      }
    };
    walk(dir);
    // The client builds addresses from the contract; the sync socket's path is the one address it writes.
    expect(offenders.filter((file) => file !== 'model/backend.ts')).toEqual([]);
  });
});
