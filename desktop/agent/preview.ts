/**
 * Live preview in the canvas (EDT-21, EDT-22) through the runtime's own code: a kernel on the page's
 * window with the `changes` module, every change applier and the widget plugins, exactly as a snippet
 * has them. A preview is one action on a page of its own; the next preview first undoes it with the
 * module's `undoPage` (the appliers' undo handles, newest first) and hides every widget, so switching
 * variations leaves the page exactly as it was before applying the other.
 *
 * Custom code arrives as the id of a script the editor registered with the local services (the page's
 * CSP forbids `eval`): the agent loads `/editor/preview-code/<id>.js` from the services that served
 * it, and that script hands the function back. Code that does not compile arrives as its reason.
 * A redirect is not followed in the canvas (the canvas would leave the page); "preview as a visitor"
 * follows it.
 */
import { createKernel, type ChangesModule, type Plugin, type WidgetKind } from '../../core';
import type { Change } from '../../core/project/types';
import changes from '../../plugins/modules/changes';
import append from '../../plugins/change-appliers/append';
import attribute from '../../plugins/change-appliers/attribute';
import customCode from '../../plugins/change-appliers/custom-code';
import rearrange from '../../plugins/change-appliers/rearrange';
import widget from '../../plugins/change-appliers/widget';
import type { PreviewChange, PreviewResult } from './protocol';
import { countMatches } from './selector';

/** The page id previews are applied under. */
const PAGE = 'varia-editor-preview';
const META = { layerId: 'preview', experimentId: 'preview', variationId: 'preview', pageId: PAGE };
/** Where loaded custom-code functions are handed back, by id. */
const CODE_GLOBAL = '__variaPreviewCode';

/** The preview engine of one page. */
export interface Preview {
  /** Undoes the current preview, then applies `list`; resolves with each change's outcome once settled. */
  apply(list: PreviewChange[], onFirstPass?: (results: PreviewResult[], ms: number) => void): Promise<PreviewResult[]>;
  /** Undoes the current preview exactly. */
  clear(): void;
}

type CodeWindow = Window & typeof globalThis & { [CODE_GLOBAL]?: Record<string, unknown> };

/**
 * Creates the preview engine on `win`. `widgets` are the project's widget plugins; `servicesBase`
 * is the origin that served the agent (custom code is loaded from there).
 */
export const createPreview = (win: Window, widgets: Plugin[], servicesBase: string): Preview => {
  const errors = new Map<string, string>();
  const kernel = createKernel({
    win,
    data: { projectId: 'editor-preview', accountId: 'editor', revision: 0, layers: [] },
    plugins: [changes({ timeout: 1500 }), attribute, append, rearrange, customCode, widget, ...widgets],
    logLevel: 'OFF',
  });
  kernel.start();
  kernel.push([
    'addListener',
    { type: 'error' },
    (event: { data?: { error?: Error; changeId?: string } }) => {
      const id = event.data?.changeId;
      if (id) errors.set(id, event.data?.error?.message ?? 'failed');
    },
  ]);
  const module = kernel.get('changes') as ChangesModule;
  /** Bumped by every apply: one still loading custom code when a newer one starts leaves the page alone. */
  let generation = 0;
  const codeWin = win as CodeWindow;

  const loadCode = (id: string): Promise<unknown> => {
    const known = codeWin[CODE_GLOBAL]?.[id];
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => {
      const script = win.document.createElement('script');
      script.src = `${servicesBase}/editor/preview-code/${id}.js`;
      script.onload = script.onerror = () => {
        script.remove();
        resolve(codeWin[CODE_GLOBAL]?.[id]);
      };
      win.document.head.append(script);
    });
  };

  const undoAll = () => {
    module.cancelObservation(PAGE);
    module.undoPage(PAGE);
    module.removeActionState(PAGE);
    for (const plugin of widgets) if (plugin.type === 'widget') (plugin as unknown as WidgetKind).hide();
    errors.clear();
  };

  const resultsOf = (list: PreviewChange[]): PreviewResult[] => {
    const states = module.changeStates();
    return list.map((change) => ({
      id: change.id,
      status: change.type === 'redirect' ? 'not_previewed' : states[change.id] ?? 'unapplied',
      matches: change.selector ? countMatches(win.document, change.selector) : undefined,
      error: change.codeError ?? errors.get(change.id),
    }));
  };

  return {
    clear() {
      generation += 1;
      undoAll();
    },
    async apply(list, onFirstPass) {
      const mine = ++generation;
      // Custom code is fetched first: the rest then applies in one synchronous pass, as on a visitor's page.
      const runtime: Change[] = [];
      for (const change of list) {
        if (change.type === 'redirect') continue;
        const { codeId, codeError: _codeError, ...fields } = change;
        if (change.type === 'custom_code') {
          const fn = codeId ? await loadCode(codeId) : undefined;
          runtime.push({ ...fields, type: 'custom_code', value: fn } as unknown as Change);
        } else runtime.push(fields as Change);
      }
      if (mine !== generation) return resultsOf(list);
      undoAll();
      const start = win.performance.now();
      const settled = module.applyAction({ id: 'preview', changes: runtime }, META);
      const ms = win.performance.now() - start;
      onFirstPass?.(resultsOf(list), ms);
      await settled;
      return resultsOf(list);
    },
  };
};
