import { afterEach, describe, expect, it, vi } from 'vitest';
import { boot, definePlugin, type ControlsModule, type PluginContext } from '../../../../../core';
import { bootKernel } from '../../../../../core/testing';
import controls, { EMBEDDED_EDITOR_KEY } from '../../../../../plugins/modules/controls';
import { parseDirective } from '../../../../../plugins/modules/controls/directive';
import { fakeWindow } from '../../view-providers/fake-window';

const ORIGIN = 'https://www.example.com/';

/** Boots a kernel with the controls plugin on a page with `query`; `probe` gets the plugin context. */
const bootControls = (query: string, options: { win?: ReturnType<typeof fakeWindow>; data?: Record<string, unknown>; logLevel?: unknown } = {}) => {
  const win = options.win ?? fakeWindow(ORIGIN);
  win.history.replaceState(null, '', `/${query}`);
  let ctx: PluginContext | undefined;
  const probe = definePlugin({ type: 'apiModule', name: 'probe', setup: (c) => void (ctx = c), create: () => ({}) });
  const t = bootKernel({ plugins: [controls(), probe], win, data: options.data, logLevel: options.logLevel ?? 'OFF' });
  return { t, win, ctx: ctx!, module: t.get('controls') as ControlsModule };
};

afterEach(() => vi.restoreAllMocks());

describe('controls: query parameters', () => {
  it('URL-12 the controls come from the query parameters of the host page URL', () => {
    expect(bootControls('?varia_editor=true').module.modes().editor).toBe(true);
    expect(bootControls('?editor=true').module.modes().editor).toBe(false);
    expect(bootControls('').module.modes()).toEqual({
      editor: false, preview: false, legacyPreview: false, embeddedEditor: false, desktopEditor: false, slave: false, p13nEditor: false,
    });
  });

  it('URL-13 the log parameter takes LEVEL or LEVEL:filter; only lines containing the filter are logged', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const win = fakeWindow(`${ORIGIN}?varia_log=INFO:decision`);
    const kernel = boot({ data: { projectId: 'p', accountId: 'a', revision: 1 }, plugins: [controls()] }, { win })!;
    const ctxLog = (lines: string[]) =>
      kernel.registerPlugin(definePlugin({ type: 'apiModule', name: 'logger', setup: (c) => lines.forEach((line) => c.log.info(line)), create: () => ({}) }));
    ctxLog(['a decision was made', 'something else']);
    const logged = info.mock.calls.map((call) => call.join(' '));
    expect(logged.some((line) => line.includes('a decision was made'))).toBe(true);
    expect(logged.some((line) => line.includes('something else'))).toBe(false);
    kernel.destroy();
  });

  it('URL-13 ruling 11: staff modes log at INFO unless the log parameter says otherwise', () => {
    const staff = bootControls('?varia_show_preview=true');
    expect(staff.ctx.log.level()).toBe(3);
    const visitor = bootControls('');
    expect(visitor.ctx.log.level()).toBe(0);
    const chosen = bootControls('?varia_editor=true&varia_log=WARN', { logLevel: 'WARN' });
    expect(chosen.ctx.log.level()).toBe(2);
  });

  it('URL-14 the opt-out parameter takes true (opt out) or false (opt back in)', () => {
    expect(bootControls('?varia_opt_out=true').module.optOut()).toBe(true);
    expect(bootControls('?varia_opt_out=false').module.optOut()).toBe(false);
    expect(bootControls('').module.optOut()).toBeUndefined();
    expect(bootControls('?varia_opt_out=true').module.trackingAllowed()).toBe(false);
  });

  it('URL-15 show-preview, disable and editor each disable activation', async () => {
    for (const query of ['?varia_show_preview=true', '?varia_disable=true', '?varia_editor=true']) {
      const { t, module } = bootControls(query);
      await t.settle();
      expect(t.lifecycle()).not.toContain('activate');
      expect(module.activationAllowed()).toBe(false);
    }
    const { t } = bootControls('?varia_disable=true');
    expect(t.lifecycle()).not.toContain('initialized'); // disable turns the whole runtime off
    const plain = bootControls('?varia_editor=false');
    await plain.t.settle();
    expect(plain.t.lifecycle()).toContain('activate');
  });

  it('URL-16 the p13n editor flag marks editor mode', () => {
    expect(bootControls('?varia_p13n=true').module.modes()).toMatchObject({ p13nEditor: true, editor: true });
  });

  it('URL-17 the embedded editor flag is remembered in session storage', () => {
    const win = fakeWindow(ORIGIN);
    expect(bootControls('?varia_embedded_editor=true', { win }).module.modes()).toMatchObject({ embeddedEditor: true, editor: true });
    expect(win.sessionStorage.getItem(EMBEDDED_EDITOR_KEY)).toBe('true');
    expect(bootControls('?other=1', { win }).module.modes().embeddedEditor).toBe(true);
    expect(bootControls('?varia_embedded_editor=false', { win }).module.modes().embeddedEditor).toBe(false);
    expect(bootControls('', { win }).module.modes().embeddedEditor).toBe(false);
  });

  it('URL-17 a page that is not framed reads the remembered flag only when the parameter is given', () => {
    const win = fakeWindow(ORIGIN);
    (win as unknown as { top: unknown }).top = win;
    win.sessionStorage.setItem(EMBEDDED_EDITOR_KEY, 'true');
    expect(bootControls('', { win }).module.modes().embeddedEditor).toBe(false);
    expect(bootControls('?varia_embedded_editor=false', { win }).module.modes().embeddedEditor).toBe(false);
    expect(win.sessionStorage.getItem(EMBEDDED_EDITOR_KEY)).toBeNull();
  });

  it('URL-17 blocked session storage does not stop the flag for this page', () => {
    const win = fakeWindow(ORIGIN);
    Object.defineProperty(win, 'sessionStorage', { get: () => { throw new Error('SecurityError'); } });
    expect(bootControls('?varia_embedded_editor=true', { win }).module.modes().embeddedEditor).toBe(true);
  });

  it('URL-18 the project token parameter is read', () => {
    expect(bootControls('?varia_token=abc123').module.projectToken()).toBe('abc123');
    expect(bootControls('').module.projectToken()).toBeUndefined();
  });

  it('URL-19 force audiences carry comma-separated audience ids', () => {
    expect(bootControls('?varia_force_audiences=1,%202,,3').module.forcedAudienceIds()).toEqual(['1', '2', '3']);
  });

  it('URL-20 force variations carry comma-separated variation ids, unless force parameters are switched off', () => {
    expect(bootControls('?varia_force_variations=11,22').module.forcedVariationIds()).toEqual(['11', '22']);
    const off = bootControls('?varia_force_variations=11,22', { data: { enableForceParameters: false } });
    expect(off.module.forcedVariationIds()).toEqual([]);
  });

  it('URL-21 the force-tracking flag is read', () => {
    expect(bootControls('?varia_force_tracking=true').module.forceTracking()).toBe(true);
    expect(bootControls('?varia_force_tracking=false').module.forceTracking()).toBe(false);
  });

  it('URL-22 the legacy preview flag is read', () => {
    expect(bootControls('?varia_preview=true').module.modes().legacyPreview).toBe(true);
  });
});

describe('controls: the directive', () => {
  it('URL-23 a directive disables the runtime', async () => {
    const { t } = bootControls('?varia_x=disable');
    await t.settle();
    expect(t.lifecycle()).toEqual([]);
  });

  it('URL-24 a directive disables tracking only', async () => {
    const { t, ctx, module } = bootControls('?varia_x=disable_tracking');
    await t.settle();
    expect(ctx.disabled('tracking')).toBe(true);
    expect(module.trackingAllowed()).toBe(false);
    expect(t.lifecycle()).toContain('activated');
  });

  it('URL-25 a directive forces opt-out', () => {
    expect(bootControls('?varia_x=opt_out').module.optOut()).toBe(true);
    expect(bootControls('?varia_x=opt_out&varia_opt_out=false').module.optOut()).toBe(true);
  });

  it('URL-26 a directive forces variations or audiences, joined with the parameters', () => {
    const { module } = bootControls('?varia_x=force_variations:1,2,force_audiences:7&varia_force_variations=3,1');
    expect(module.forcedVariationIds()).toEqual(['3', '1', '2']);
    expect(module.forcedAudienceIds()).toEqual(['7']);
  });

  it('URL-27 a directive makes change observation run indefinitely', () => {
    expect(bootControls('?varia_x=observe_changes').module.observeIndefinitely()).toBe(true);
    expect(bootControls('').module.observeIndefinitely()).toBe(false);
  });

  it('URL-23 an unknown directive item is ignored with a warning', () => {
    expect(parseDirective('disable_tracking,fly,force_variations:1,2,observe_changes')).toEqual({
      disable: false, disableTracking: true, optOut: false, forceVariations: ['1', '2'], forceAudiences: [], observeChanges: true, unknown: ['fly'],
    });
    const { t } = bootControls('?varia_x=fly', { logLevel: 'WARN' });
    expect(t.logs.map((line) => line.text)).toContain('Ignored unknown directive fly');
  });

  it('URL-23 names that every object inherits (constructor, __proto__, toString) are unknown items, not directives', async () => {
    const hostile = 'constructor,constructor:1,__proto__,__proto__:2,toString:3,hasOwnProperty,disable_tracking';
    expect(parseDirective(hostile)).toEqual({
      disable: false, disableTracking: true, optOut: false, forceVariations: [], forceAudiences: [], observeChanges: false,
      unknown: ['constructor', 'constructor:1', '__proto__', '__proto__:2', 'toString:3', 'hasOwnProperty'],
    });
    const { t, module, ctx } = bootControls(`?varia_x=${encodeURIComponent(hostile)}`, { logLevel: 'WARN' });
    await t.settle();
    // The module was set up: the rest of the directive took effect, and nothing was reported as an error.
    expect(ctx.disabled('tracking')).toBe(true);
    expect(module.forcedVariationIds()).toEqual([]);
    expect(t.logs.map((line) => line.text)).toContain(`Ignored unknown directive ${hostile.replace(',disable_tracking', '')}`);
    expect(t.errors()).toEqual([]);
  });
});

describe('controls: modes and rules', () => {
  it('URL-28 the modes are editor, preview, legacy preview, embedded editor, desktop app editor and slave', () => {
    const modes = (query: string) => bootControls(query).module.modes();
    expect(modes('?varia_editor=1').editor).toBe(true);
    expect(modes('?varia_show_preview=1').preview).toBe(true);
    expect(modes('?varia_token=t').preview).toBe(true);
    expect(modes('?varia_preview=1').legacyPreview).toBe(true);
    expect(modes('?varia_embedded_editor=1').embeddedEditor).toBe(true);
    expect(modes('?varia_desktop_editor=1')).toMatchObject({ desktopEditor: true, editor: true });
    expect(modes('?varia_slave=1').slave).toBe(true);
  });

  it('URL-29 activation is allowed only when not in editor mode and not disabled', () => {
    expect(bootControls('').module.activationAllowed()).toBe(true);
    for (const query of ['?varia_editor', '?varia_p13n=1', '?varia_desktop_editor=1']) {
      const editor = bootControls(query);
      expect(editor.module.modes().editor).toBe(true);
      expect(editor.module.activationAllowed()).toBe(false);
      // The switch itself is off, so every stage of activation sees it, not only this question.
      expect(editor.ctx.disabled('activation')).toBe(true);
    }
    const disabled = bootControls('');
    disabled.ctx.disable();
    expect(disabled.module.activationAllowed()).toBe(false);
  });

  it('URL-30 in editor mode DOM ready waits for the window load; otherwise for DOMContentLoaded', async () => {
    const normal = bootControls('');
    normal.win.document.readyState = 'interactive';
    let normalReady = false;
    void normal.module.domReady().then(() => (normalReady = true));
    const editor = bootControls('?varia_editor=true');
    editor.win.document.readyState = 'interactive';
    let editorReady = false;
    void editor.module.domReady().then(() => (editorReady = true));
    await Promise.resolve();
    expect(normalReady).toBe(true);
    expect(editorReady).toBe(false);
    editor.win.dispatch('load');
    await Promise.resolve();
    expect(editorReady).toBe(true);
  });

  it('TRK-4 tracking only when not disabled and (force tracking, or not in preview and nothing forced)', () => {
    const allowed = (query: string) => bootControls(query).module.trackingAllowed();
    expect(allowed('')).toBe(true);
    expect(allowed('?varia_show_preview=true')).toBe(false);
    expect(allowed('?varia_preview=true')).toBe(false);
    expect(allowed('?varia_force_variations=1')).toBe(false);
    expect(allowed('?varia_force_audiences=1')).toBe(false);
    expect(allowed('?varia_force_variations=1&varia_force_tracking=true')).toBe(true);
    expect(allowed('?varia_show_preview=true&varia_force_tracking=true')).toBe(true);
    expect(allowed('?varia_x=disable_tracking&varia_force_tracking=true')).toBe(false);
  });
});
