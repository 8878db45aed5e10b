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
});
