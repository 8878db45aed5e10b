/**
 * EDT-14, EDT-17: the editor agent's generated entry, run as a page would run it. It is bundled by
 * esbuild as the agent is, with the agent and two widget plugins replaced by recording stand-ins, and
 * run in a fresh context with a document of its own: the agent starts once the document is parsed,
 * with each widget (a factory called, an object as it is), the page's window, the services' origin
 * taken from the script's own address, and the editor's origin filled in by the route.
 */
import { build } from 'esbuild';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { agentEntry, EDITOR_ORIGIN_SLOT, widgetFolders, withEditorOrigin } from '../../../services/editor/agent-build';

/** The entry bundled with stand-ins: the agent records its arguments; `a` is a factory, `b` an object. */
async function bundledEntry(widgets: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: agentEntry(widgets), loader: 'ts', resolveDir: process.cwd() },
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
    plugins: [{
      name: 'stand-ins',
      setup(builder) {
        builder.onResolve({ filter: /desktop\/agent\/index|plugins\/widgets\// }, (args) => ({ path: args.path, namespace: 'stand-in' }));
        builder.onLoad({ filter: /.*/, namespace: 'stand-in' }, (args) => {
          if (args.path.includes('desktop/agent')) return { contents: 'export const startAgent = (...args) => { globalThis.started.push(args); if (globalThis.failAgent) throw new Error("agent failed"); };' };
          const name = /widgets\/([^/]+)\//.exec(args.path)?.[1];
          return { contents: name === 'a' ? 'export default () => ({ widget: "a, made" });' : `export default { widget: ${JSON.stringify(name)} };` };
        });
      },
    }],
  });
  return result.outputFiles[0].text;
}

/** Runs the entry in a page whose document is `readyState`, its script served from `src`. */
function runEntry(code: string, readyState: string, src: string | null, failAgent = false) {
  const listeners: Array<{ type: string; listener: () => void; options: unknown }> = [];
  const errors: unknown[][] = [];
  const window = { name: 'page window' };
  const context = {
    started: [] as unknown[][],
    failAgent,
    window,
    location: { origin: 'http://page.test' },
    console: { error: (...args: unknown[]) => errors.push(args) },
    URL,
    document: {
      readyState,
      currentScript: src === null ? null : { src },
      addEventListener: (type: string, listener: () => void, options: unknown) => listeners.push({ type, listener, options }),
    },
  };
  runInNewContext(code, context);
  return { started: context.started, listeners, errors, window };
}

describe('the agent entry', () => {
  it('EDT-14 a parsed document starts the agent at once, with each widget (factories called), the window, the services\' and the editor\'s origins', async () => {
    const code = withEditorOrigin(await bundledEntry(['a', 'b']), 'http://127.0.0.1:4400');
    const page = runEntry(code, 'complete', 'http://127.0.0.1:4401/editor/agent.js');
    expect(page.started).toHaveLength(1);
    const [widgets, window, base, editorOrigin] = page.started[0];
    expect(widgets).toEqual([{ widget: 'a, made' }, { widget: 'b' }]);
    expect(window).toBe(page.window);
    expect(base).toBe('http://127.0.0.1:4401');
    expect(editorOrigin).toBe('http://127.0.0.1:4400');
    expect(page.listeners).toEqual([]);
  });

  it('EDT-14 a document still loading starts the agent once it is parsed, once', async () => {
    const page = runEntry(await bundledEntry([]), 'loading', 'http://127.0.0.1:4401/editor/agent.js');
    expect(page.started).toEqual([]);
    expect(page.listeners).toHaveLength(1);
    expect(page.listeners[0]).toMatchObject({ type: 'DOMContentLoaded', options: { once: true } });
    page.listeners[0].listener();
    expect(page.started).toHaveLength(1);
    expect(page.started[0][0]).toEqual([]);
  });

  it('EDT-14 a script without an address of its own uses the page\'s origin; an agent that throws is logged, never thrown into the page', async () => {
    const code = await bundledEntry([]);
    expect(runEntry(code, 'interactive', null).started[0][2]).toBe('http://page.test');
    expect(runEntry(code, 'interactive', '').started[0][2]).toBe('http://page.test');
    const failing = runEntry(code, 'complete', 'http://127.0.0.1:4401/editor/agent.js', true);
    expect(failing.errors).toHaveLength(1);
    expect(failing.errors[0][0]).toBe('[Varia editor agent]');
    expect(String(failing.errors[0][1])).toContain('agent failed');
  });
});

describe('the editor\'s origin and the widget folders', () => {
  it('EDT-17 every quoted slot is replaced by the editor\'s origin, quoted; the bare word is left alone', () => {
    const slot = JSON.stringify(EDITOR_ORIGIN_SLOT);
    expect(withEditorOrigin(`a(${slot});b(${slot});c("${EDITOR_ORIGIN_SLOT}x");${EDITOR_ORIGIN_SLOT}`, 'http://127.0.0.1:1')).toBe(
      `a("http://127.0.0.1:1");b("http://127.0.0.1:1");c("${EDITOR_ORIGIN_SLOT}x");${EDITOR_ORIGIN_SLOT}`,
    );
  });

  it('EDT-14 the widget folders are those with an index.ts, sorted, the shared code left out', () => {
    const folders = widgetFolders();
    expect(folders.length).toBeGreaterThan(3);
    expect(folders).toEqual([...folders].sort());
    expect(folders).not.toContain('_shared');
    expect(folders).toContain('use-case-section');
    expect(agentEntry()).toContain(`import widget${folders.indexOf('use-case-section')} from './plugins/widgets/use-case-section/index';`);
  });
});
