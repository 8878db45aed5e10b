/**
 * EDT-21: custom code previewed on the canvas is compiled by the services (the page's CSP forbids
 * `eval`) and served by a random id. What a staff member writes in either form (a function, or the
 * body of one) becomes one function; what does not compile says why; ids are what the route accepts.
 * The script each id serves is run in a fresh context here, as the agent's page would run it.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compilePreviewCode, createPreviewCodeRegistry, PREVIEW_CODE_ID } from '../../../services/editor/preview-code';

/** Runs a compiled declaration and answers the function it declares. */
async function compiled(source: string): Promise<(api: unknown) => unknown> {
  const declaration = await compilePreviewCode(source);
  return runInNewContext(`${declaration}\n__variaCode`) as (api: unknown) => unknown;
}

/** Runs a served script in a window of its own and answers what it put under the id. */
function served(script: string, id: string): unknown {
  const window: Record<string, Record<string, unknown>> = {};
  runInNewContext(script, { window });
  return window.__variaPreviewCode?.[id];
}

describe('compiling custom code', () => {
  it('EDT-21 a function expression in any form is kept as that function', async () => {
    const api = { n: 2 };
    expect((await compiled('function (api) { return api.n + 1; }'))(api)).toBe(3);
    expect((await compiled('(api) => api.n * 10'))(api)).toBe(20);
    expect((await compiled('api => api.n'))(api)).toBe(2);
    expect((await compiled('$api => $api.n'))(api)).toBe(2);
    expect(await (await compiled('async (api) => api.n'))(api)).toBe(2);
    expect(await (await compiled('async function (api) { return api.n; }'))(api)).toBe(2);
    // Comments before the function do not make it statements.
    expect((await compiled('// says hi\n/* twice */ (api) => api.n'))(api)).toBe(2);
  });

  it('EDT-21 anything else is the body of function (api), TypeScript types stripped', async () => {
    const fn = await compiled('const doubled: number = api.n * 2;\nreturn doubled;');
    expect(fn({ n: 4 })).toBe(8);
    expect(fn.length).toBe(1);
    // A call at the start is a statement, not a function expression.
    expect((await compiled('functionCall(); return api;'))).toBeTypeOf('function');
    expect((await compiled('api.seen = true;'))({})).toBeUndefined();
  });

  it('EDT-21 code that does not parse throws esbuild\'s reason', async () => {
    await expect(compilePreviewCode('(api) => {')).rejects.toThrow(/Expected|Unexpected/);
  });
});

describe('the registry', () => {
  it('EDT-21 a registered script defines the function under its random id, in an existing table or a new one', async () => {
    const registry = createPreviewCodeRegistry();
    const answer = await registry.register('(api) => api.n + 1');
    expect(answer.id).toMatch(PREVIEW_CODE_ID);
    const id = answer.id as string;
    const fn = served(registry.script(id) as string, id) as (api: unknown) => unknown;
    expect(fn({ n: 1 })).toBe(2);
    const other = (await registry.register('api => 7')).id as string;
    const window = { __variaPreviewCode: { kept: 1 } as Record<string, unknown> };
    runInNewContext(registry.script(other) as string, { window });
    expect(window.__variaPreviewCode.kept).toBe(1);
    expect((window.__variaPreviewCode[other] as () => number)()).toBe(7);
  });

  it('EDT-21 the same source gets the same id; other sources other ids', async () => {
    const registry = createPreviewCodeRegistry();
    const first = await registry.register('api => 1');
    expect(await registry.register('api => 1')).toEqual(first);
    expect((await registry.register('api => 2')).id).not.toBe(first.id);
  });

  it('EDT-21 code that does not compile is answered with the first line of the reason, and no id', async () => {
    const answer = await createPreviewCodeRegistry().register('(api) => {');
    expect(answer.id).toBeUndefined();
    expect(answer.error).toMatch(/^The custom code does not compile: \S/);
    expect(answer.error).not.toContain('\n');
  });

  it('EDT-21 only an id of 32 hex characters names a script; unknown ids name none', async () => {
    const registry = createPreviewCodeRegistry();
    const id = (await registry.register('api => 1')).id as string;
    expect(registry.script(id)).toContain(JSON.stringify(id));
    expect(registry.script(id.toUpperCase())).toBeUndefined();
    expect(registry.script(`${id}0`)).toBeUndefined();
    expect(registry.script(`x${id}`)).toBeUndefined();
    expect(registry.script('0'.repeat(32))).toBeUndefined();
    expect(registry.script('__proto__')).toBeUndefined();
  });

  it('EDT-21 the registry keeps the newest 300 scripts; a forgotten source is compiled again under a new id', async () => {
    const registry = createPreviewCodeRegistry();
    const first = (await registry.register('api => 0')).id as string;
    const ids = [first];
    for (let n = 1; n <= 300; n += 1) ids.push((await registry.register(`api => ${n}`)).id as string);
    expect(registry.script(first)).toBeUndefined();
    expect(registry.script(ids[1])).toBeDefined();
    expect(registry.script(ids[300])).toBeDefined();
    const again = (await registry.register('api => 0')).id as string;
    expect(again).not.toBe(first);
    expect(registry.script(again)).toBeDefined();
    // The oldest kept one went to make room for it.
    expect(registry.script(ids[1])).toBeUndefined();
  });
});
