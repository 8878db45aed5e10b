/**
 * The homepage snippet's bootstrap (BOOT-1..12; homepage-spec §7, §8; runtime-spec §6): it runs before
 * the runtime and decides from the page context how the snippet starts.
 *
 * - Another snippet already initialised (`window.varia` is an API, not a queue): a notice, no second
 *   start (BOOT-7).
 * - The desktop app's editor (`varia_desktop_editor`, or the app's preload API on the window): a notice,
 *   and nothing starts: the app injects its own agent (BOOT-8).
 * - An editor (`varia_editor`, `varia_p13n`, `varia_embedded_editor`): the editor script is loaded and
 *   the runtime starts without activating, so the page stays as authored (BOOT-1, URL-15).
 * - Preview data (`varia_token`): the preview data script is requested with the token, the preview layer
 *   ids (`varia_preview_layers`) and the forced variation ids when given (BOOT-2); its answer must name
 *   this project ('Preview projectId does not match expected', BOOT-10, ERR-47), then the runtime starts
 *   with the preview layers only, and with the working copy's data when the editor issued the link
 *   (services/editor/preview-links.ts: an unpublished preview, with a notice on the page).
 * - Preview (`varia_show_preview`, `varia_preview`): the preview script (a panel of what is decided) is
 *   loaded and the runtime starts.
 * - Otherwise the runtime starts as built.
 *
 * On every path: `pjs_disable` starts without the project script (BOOT-4); QA mode (a test cookie or
 * query parameter, ruling 18 placeholders) writes project-script errors to the console, which is the
 * only time they reach it (BOOT-5, BOOT-6, ruling 14: they stay ProjectJSError events either way); the
 * indefinite-observation directive gets its notice (BOOT-9, ruling 20). Errors of the main function go
 * to {@link handleBootstrapError} (BOOT-11). The bootstrap calls nothing of the product's API (BOOT-12).
 */
import { PREFIX as PRODUCT_PREFIX } from '../../core/constants';
import type { BootstrapContext, ProjectBootstrap, ProjectDefinition } from '../../core/define';
import { PARAMS, readQuery } from '../../plugins/_shared/params';
import { QA_COOKIE, QA_PARAM } from './placeholders';

/** The query parameter that turns the project script off (homepage-spec §7, BOOT-4). */
export const PJS_DISABLE = 'pjs_disable';
/** The preview layer ids of a preview-data request (BOOT-2; the name is the product's, not the spec's). */
export const PREVIEW_LAYERS_PARAM = `${PRODUCT_PREFIX}preview_layers`;

/** Where the bootstrap's scripts are (the local services serve them; a site's would be on its CDN). */
export interface BootstrapScripts {
  editor: string;
  preview: string;
  previewData: string;
}

export const DEFAULT_SCRIPTS: BootstrapScripts = {
  editor: '/editor/agent.js',
  preview: '/homepage/preview.js',
  previewData: '/homepage/preview-data.js',
};

/** Notice and error texts (BOOT-7..10; the spec gives only the last one's words). */
export const NOTICES = {
  anotherSnippet: 'Another snippet already started here; not starting',
  desktopApp: 'Desktop app editor: not starting',
  observeChanges: 'Indefinite observation is not supported here; changes are observed for the usual window',
  projectScriptOff: 'Project script off (pjs_disable)',
  previewMismatch: 'Preview projectId does not match expected',
  qaError: 'Project script error (QA mode):',
  bootstrapError: 'The bootstrap failed:',
} as const;

/** What a preview-data script hands over (`window.variaPreview.push(answer)`). */
export interface PreviewAnswer {
  projectId: string;
  token?: string;
  /** The working copy's data, when the editor issued the link (the project's own data otherwise). */
  data?: ProjectDefinition['data'];
  layerIds?: string[];
  variationIds?: string[];
  /** Why there is no preview (an expired link), for the console. */
  error?: string;
}

const PREFIX = '[Varia]';
/** The page's console (a test passes a window with its own). */
const consoleOf = (win: Window): Console => (win as unknown as { console?: Console }).console ?? console;
const isOn = (value: string | undefined) => value !== undefined && value !== 'false' && value !== '0';

/** The page context the bootstrap decides by. */
export type PageContext = 'another-snippet' | 'desktop-app' | 'editor' | 'preview-data' | 'preview' | 'default';

/** Reads the page context (exported for the unit tests). */
export const pageContext = (win: Window, query: Record<string, string>): PageContext => {
  const queued = (win as unknown as Record<string, unknown>).varia;
  if (queued && !Array.isArray(queued)) return 'another-snippet';
  if (isOn(query[PARAMS.desktopEditor]) || 'variaDesktop' in win) return 'desktop-app';
  if (isOn(query[PARAMS.editor]) || isOn(query[PARAMS.p13nEditor]) || isOn(query[PARAMS.embeddedEditor])) return 'editor';
  if (PARAMS.token in query) return 'preview-data';
  if (isOn(query[PARAMS.showPreview]) || isOn(query[PARAMS.legacyPreview])) return 'preview';
  return 'default';
};

/** QA mode: the QA cookie or query parameter is present (BOOT-5). */
export const isQaMode = (win: Window, query: Record<string, string>): boolean => {
  if (isOn(query[QA_PARAM])) return true;
  try {
    return win.document.cookie.split(/;\s*/).some((pair) => pair.split('=')[0] === QA_COOKIE && isOn(pair.slice(QA_COOKIE.length + 1) || 'true'));
  } catch {
    return false;
  }
};

/** Appends a script to the page (async); `onload` runs once it has run, `onerror` when it failed. */
const loadScript = (win: Window, src: string, onload?: () => void, onerror?: () => void) => {
  const script = win.document.createElement('script');
  script.src = src;
  script.async = true;
  if (onload) script.onload = onload;
  if (onerror) script.onerror = onerror;
  (win.document.head ?? win.document.documentElement).appendChild(script);
};

/**
 * The project with the page's adjustments: without its project script under `pjs_disable`; with its
 * project script and project plugins writing their errors to the console in QA mode (and still
 * throwing, so the runtime reports them as ProjectJSError as always).
 */
export const adjustProject = (project: ProjectDefinition, options: { projectScriptOff: boolean; qa: boolean; console: Console }): ProjectDefinition => {
  if (!options.projectScriptOff && !options.qa) return project;
  const data = { ...project.data };
  if (options.projectScriptOff) delete data.projectJS;
  if (options.qa) {
    const loud = <F extends (api: never) => void>(fn: F): F =>
      ((api: never) => {
        try {
          fn(api);
        } catch (error) {
          options.console.error(PREFIX, NOTICES.qaError, error);
          throw error;
        }
      }) as F;
    if (data.projectJS) data.projectJS = loud(data.projectJS);
    if (data.plugins) data.plugins = data.plugins.map(loud);
  }
  return { ...project, data };
};

/** Where uncaught errors of the bootstrap's main function go (BOOT-11): one console line, never a throw. */
export const handleBootstrapError = (error: unknown, win: Window): void => {
  try {
    consoleOf(win).error(PREFIX, NOTICES.bootstrapError, error);
  } catch {
    // No console: nothing left to report to, and the page must go on.
  }
};

/** The bootstrap's main function. */
const main = (context: BootstrapContext, scripts: BootstrapScripts) => {
  const { win } = context;
  const query = readQuery(win.location.search);
  const where = pageContext(win, query);
  const notice = (text: string) => consoleOf(win).info(PREFIX, text);
  if (where === 'another-snippet') return notice(NOTICES.anotherSnippet);
  if (where === 'desktop-app') return notice(NOTICES.desktopApp);
  if (/(?:^|,)\s*observe_changes\b/.test(query[PARAMS.directive] ?? '')) notice(NOTICES.observeChanges);
  const projectScriptOff = PJS_DISABLE in query;
  if (projectScriptOff) notice(NOTICES.projectScriptOff);
  const qa = isQaMode(win, query);
  if (qa && query[PARAMS.log] === undefined) {
    // Ruling 11: QA mode logs at INFO, unless the log parameter says otherwise.
    const queue = ((win as unknown as Record<string, unknown>).varia ??= []) as unknown[];
    if (Array.isArray(queue)) queue.push(['log', 'INFO']);
  }
  const project = adjustProject(context.project, { projectScriptOff, qa, console: consoleOf(win) });
  const start = (adjusted: ProjectDefinition = project) => context.start(adjusted);

  if (where === 'editor') {
    loadScript(win, scripts.editor);
    return start();
  }
  if (where === 'preview') {
    start();
    return loadScript(win, scripts.preview);
  }
  if (where === 'preview-data') return previewData(context, scripts, query, project, start);
  start();
};

/** Requests the preview data and starts with the preview layers once it has answered (BOOT-2, BOOT-10). */
const previewData = (context: BootstrapContext, scripts: BootstrapScripts, query: Record<string, string>, project: ProjectDefinition, start: (project?: ProjectDefinition) => unknown) => {
  const { win } = context;
  const params = new URLSearchParams({ token: query[PARAMS.token] ?? '', layers: query[PREVIEW_LAYERS_PARAM] ?? '' });
  if (query[PARAMS.forceVariations]) params.set('variations', query[PARAMS.forceVariations]);
  const expected = String(project.data.projectId);
  loadScript(
    win,
    `${scripts.previewData}?${params}`,
    () => {
      try {
        const answers = (win as unknown as { variaPreview?: PreviewAnswer[] }).variaPreview ?? [];
        const answer = answers[answers.length - 1];
        if (answer?.error) consoleOf(win).error(PREFIX, answer.error);
        if (!answer || String(answer.projectId) !== expected) return consoleOf(win).error(PREFIX, NOTICES.previewMismatch);
        // The working copy's data when the editor issued the link, else the project's own.
        const data = answer.data ?? project.data;
        const ids = answer.layerIds ?? [];
        const layers = ids.length ? (data.layers ?? []).filter((layer) => ids.includes(layer.id)) : data.layers;
        start({ ...project, data: { ...data, layers } });
      } catch (error) {
        handleBootstrapError(error, win);
      }
    },
    () => consoleOf(win).error(PREFIX, `Preview data could not be loaded from ${scripts.previewData}`),
  );
};

/** The homepage bootstrap, with the scripts it loads (the local services' by default). */
export const homepageBootstrap =
  (scripts: BootstrapScripts = DEFAULT_SCRIPTS): ProjectBootstrap =>
  (context) => {
    try {
      main(context, scripts);
    } catch (error) {
      handleBootstrapError(error, context.win);
    }
  };
