/**
 * The homepage bootstrap's decisions (config/homepage/bootstrap.ts) on plain windows: the page context
 * by parameter, QA mode, the project adjusted for pjs_disable and QA mode, and the error handler. The
 * same behaviour runs in Chromium in tests/e2e/homepage-bootstrap.spec.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ProjectDefinition } from '../../../../core/define';
import { adjustProject, handleBootstrapError, homepageBootstrap, isQaMode, NOTICES, pageContext, PJS_DISABLE, PREVIEW_LAYERS_PARAM } from '../../../../config/homepage/bootstrap';
import { QA_COOKIE, QA_PARAM } from '../../../../config/homepage/placeholders';
import { readQuery } from '../../../../plugins/_shared/params';

const fakeConsole = () => ({ info: vi.fn(), error: vi.fn() }) as unknown as Console & { info: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };
const windowWith = (search: string, extra: Record<string, unknown> = {}) =>
  ({ location: { search }, document: { cookie: '' }, console: fakeConsole(), ...extra }) as unknown as Window & { console: ReturnType<typeof fakeConsole> };
const context = (search: string, extra: Record<string, unknown> = {}) => pageContext(windowWith(search, extra), readQuery(search));

const project = (projectJS?: () => void): ProjectDefinition => ({ data: { projectId: 'homepage', accountId: 'a', revision: 1, projectJS } });

describe('homepage bootstrap', () => {
  it('BOOT-1 chooses editor, preview data, preview or the default start by page context', () => {
    expect(context('')).toBe('default');
    expect(context('?varia_editor=true')).toBe('editor');
    expect(context('?varia_p13n')).toBe('editor');
    expect(context('?varia_embedded_editor=true')).toBe('editor');
    expect(context('?varia_editor=false')).toBe('default');
    expect(context(`?varia_token=homepage.t&${PREVIEW_LAYERS_PARAM}=l1`)).toBe('preview-data');
    expect(context('?varia_show_preview=true')).toBe('preview');
    expect(context('?varia_preview')).toBe('preview');
  });

  it('BOOT-7 BOOT-8 another snippet and the desktop app come before any other context', () => {
    expect(context('?varia_editor', { varia: { push() {} } })).toBe('another-snippet');
    expect(context('?varia_editor', { varia: [] })).toBe('editor');
    expect(context('?varia_desktop_editor=true&varia_editor')).toBe('desktop-app');
    expect(context('', { variaDesktop: {} })).toBe('desktop-app');
  });

  it('BOOT-5 QA mode by the QA query parameter or the QA cookie (placeholder names, ruling 18)', () => {
    expect(isQaMode(windowWith(''), {})).toBe(false);
    expect(isQaMode(windowWith(''), { [QA_PARAM]: '1' })).toBe(true);
    expect(isQaMode(windowWith(''), { [QA_PARAM]: 'false' })).toBe(false);
    expect(isQaMode(windowWith('', { document: { cookie: `a=1; ${QA_COOKIE}=1` } }), {})).toBe(true);
    expect(isQaMode(windowWith('', { document: { cookie: `${QA_COOKIE}x=1` } }), {})).toBe(false);
    const refusing = windowWith('', { document: Object.defineProperty({}, 'cookie', { get: () => { throw new Error('sandboxed'); } }) });
    expect(isQaMode(refusing, {})).toBe(false);
  });

  it('BOOT-4 pjs_disable starts the project without its project script; nothing else changes', () => {
    const script = vi.fn();
    const original = project(script);
    const adjusted = adjustProject(original, { projectScriptOff: true, qa: false, console: fakeConsole() });
    expect(adjusted.data.projectJS).toBeUndefined();
    expect({ ...adjusted.data, projectJS: script }).toEqual(original.data);
    expect(original.data.projectJS).toBe(script);
    expect(adjustProject(original, { projectScriptOff: false, qa: false, console: fakeConsole() })).toBe(original);
    expect(PJS_DISABLE).toBe('pjs_disable');
  });

  it('BOOT-6 ruling 14 in QA mode a project-script error is written to the console and still thrown for the runtime to report', () => {
    const out = fakeConsole();
    const failure = new Error('broken');
    const adjusted = adjustProject(project(() => { throw failure; }), { projectScriptOff: false, qa: true, console: out });
    expect(() => adjusted.data.projectJS!({} as never)).toThrow(failure);
    expect(out.error).toHaveBeenCalledWith('[Varia]', NOTICES.qaError, failure);
  });

  it('BOOT-11 the error handler writes one console line and never throws, even without a console', () => {
    const win = windowWith('');
    handleBootstrapError(new Error('x'), win);
    expect(win.console.error).toHaveBeenCalledWith('[Varia]', NOTICES.bootstrapError, new Error('x'));
    const broken = { get console() { throw new Error('no console'); } } as unknown as Window;
    expect(() => handleBootstrapError(new Error('y'), broken)).not.toThrow();
  });

  it('BOOT-11 an error in the main function goes to the handler; the bootstrap returns normally', () => {
    const win = windowWith('') as unknown as Record<string, unknown>;
    Object.defineProperty(win, 'location', { get: () => { throw new Error('no location'); } });
    const start = vi.fn();
    expect(() => homepageBootstrap()({ project: project(), win: win as unknown as Window, start })).not.toThrow();
    expect(start).not.toHaveBeenCalled();
    expect((win.console as ReturnType<typeof fakeConsole>).error).toHaveBeenCalledWith('[Varia]', NOTICES.bootstrapError, expect.any(Error));
  });

  it('BOOT-7 BOOT-9 BOOT-12 notices: no start beside another snippet; the observation directive noted; the default start calls start once', () => {
    const other = windowWith('', { varia: { push() {} } });
    const start = vi.fn();
    homepageBootstrap()({ project: project(), win: other, start });
    expect(start).not.toHaveBeenCalled();
    expect(other.console.info).toHaveBeenCalledWith('[Varia]', NOTICES.anotherSnippet);
    const plain = windowWith('?varia_x=observe_changes');
    homepageBootstrap()({ project: project(), win: plain, start });
    expect(plain.console.info).toHaveBeenCalledWith('[Varia]', NOTICES.observeChanges);
    expect(start).toHaveBeenCalledTimes(1);
    expect(NOTICES.previewMismatch).toBe('Preview projectId does not match expected');
  });
  it('BOOT-5 ruling 11 QA mode logs at INFO unless the log parameter is given; outside QA mode nothing is queued', () => {
    // fails when the QA-mode INFO condition is flipped: QA visits without varia_log stop logging at INFO
    const queued = (search: string) => {
      const win = windowWith(search) as Window & { varia?: unknown[] };
      let atStart: unknown;
      homepageBootstrap()({ project: project(), win, start: () => void (atStart = structuredClone(win.varia)) });
      return atStart;
    };
    expect(queued(`?${QA_PARAM}=1`)).toEqual([['log', 'INFO']]);
    expect(queued(`?${QA_PARAM}=1&varia_log=DEBUG`)).toBeUndefined();
    expect(queued('')).toBeUndefined();
    expect(queued(`?${QA_PARAM}=false`)).toBeUndefined();
  });
});

/** A window whose document records the scripts the bootstrap adds, so a test can answer their loads. */
const scriptWindow = (search: string) => {
  const scripts: Array<{ src: string; onload?: () => void; onerror?: () => void }> = [];
  const document = { cookie: '', createElement: () => ({}), head: { appendChild: (script: (typeof scripts)[number]) => scripts.push(script) } };
  return { win: windowWith(search, { document }) as ReturnType<typeof windowWith> & { variaPreview?: unknown[] }, scripts };
};
const layered: ProjectDefinition = { data: { projectId: 'homepage', accountId: 'a', revision: 1, layers: [{ id: 'l1' }, { id: 'l2' }] as never } };

describe('homepage bootstrap: preview data', () => {
  const search = `?varia_token=homepage.t&${PREVIEW_LAYERS_PARAM}=l2&varia_force_variations=v9`;

  it('BOOT-2 requests the preview data with the token, the preview layers and the forced variations, and starts once it answers, with only those layers', () => {
    const { win, scripts } = scriptWindow(search);
    const start = vi.fn();
    homepageBootstrap()({ project: layered, win, start });
    expect(scripts).toHaveLength(1);
    const url = new URL(scripts[0].src, 'https://x.test');
    expect(url.pathname).toBe('/homepage/preview-data.js');
    expect(Object.fromEntries(url.searchParams)).toEqual({ token: 'homepage.t', layers: 'l2', variations: 'v9' });
    expect(start).not.toHaveBeenCalled();
    const working = { projectId: 'homepage', accountId: 'a', revision: 7, layers: [{ id: 'l1' }, { id: 'l2', name: 'edited' }] };
    win.variaPreview = [{ projectId: 'homepage', data: working, layerIds: ['l2'] }];
    scripts[0].onload!();
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0][0].data).toEqual({ ...working, layers: [{ id: 'l2', name: 'edited' }] });
  });

  it('BOOT-10 an answer for another project is refused with the mismatch notice, and nothing starts', () => {
    const { win, scripts } = scriptWindow(search);
    const start = vi.fn();
    homepageBootstrap()({ project: layered, win, start });
    win.variaPreview = [{ projectId: 'other', layerIds: [] }];
    scripts[0].onload!();
    expect(start).not.toHaveBeenCalled();
    expect(win.console.error).toHaveBeenCalledWith('[Varia]', NOTICES.previewMismatch);
  });

  it('BOOT-2 without data in the answer the project\'s own layers are used; an answer\'s error and a failed load are written to the console', () => {
    const { win, scripts } = scriptWindow(search);
    const start = vi.fn();
    homepageBootstrap()({ project: layered, win, start });
    win.variaPreview = [{ projectId: 'homepage', layerIds: [], error: 'link expired' }];
    scripts[0].onload!();
    expect(win.console.error).toHaveBeenCalledWith('[Varia]', 'link expired');
    expect(start.mock.calls[0][0].data.layers).toEqual([{ id: 'l1' }, { id: 'l2' }]);
    const failed = scriptWindow(search);
    homepageBootstrap()({ project: layered, win: failed.win, start });
    failed.scripts[0].onerror!();
    expect(failed.win.console.error).toHaveBeenCalledWith('[Varia]', 'Preview data could not be loaded from /homepage/preview-data.js');
    expect(start).toHaveBeenCalledTimes(1);
  });
});
