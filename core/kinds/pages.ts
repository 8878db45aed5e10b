/**
 * Pages (views), the activation sequence and the URL controls: the view-provider plugin kind and the
 * `pages` and `controls` modules (runtime-spec §2, §4 Initialisation, Activation sequence, Page state,
 * §6 Modes; URL, PAG).
 */
import type { Clock, Logger } from '../types';
import type { PageDefinition, UrlCondition } from '../project/types';

/** Data of the `pageActivated` lifecycle event. */
export interface PageActivatedData {
  pageId: string;
  apiName: string;
  /** The activation the page activated in. */
  activationId: string | null;
  /** When it activated, ms since the epoch. */
  activatedAt: number;
  /** Page tags read at activation (parsed) and given by the page call (user-supplied). */
  tags: Record<string, unknown>;
  category?: string;
}

/** Data of the `pageDeactivated` lifecycle event. */
export interface PageDeactivatedData {
  pageId: string;
  apiName: string;
}

/**
 * Activates pages of one activation type, registered under that type (`immediate`, `callback`,
 * `polling`, `manual`, `url_changed`, `dom_changed`). `watch` starts watching a page: the provider
 * calls `update(true)` when the page should be active and `update(false)` when it should not (the
 * pages module checks static conditions and deactivation rules); it returns the function that stops.
 */
export interface ViewProviderKind {
  watch(page: PageDefinition, update: (isActive: boolean) => void, env: ViewProviderEnv): () => void;
}

/** What a view provider gets besides the page: the shared checks of the pages module. */
export interface ViewProviderEnv {
  /** Whether the page's static conditions match the current URL and page. */
  conditionsMatch(): boolean;
  /** Resolves at DOM ready (immediately when it has passed; at window load in editor mode, URL-30). */
  domReady(): Promise<void>;
  /**
   * Runs the page's activation code with `activate` (callback and polling pages). What the code throws
   * is reported as an ActivationCodeError; returns the code's result, or undefined when it threw or
   * the page has no code.
   */
  runCode(activate: (isActive?: boolean) => void): unknown;
  /** The window the runtime runs in; undefined outside a browser. */
  win: (Window & typeof globalThis) | undefined;
  /** The kernel's clock (timers are guarded). */
  clock: Clock;
  log: Logger;
}

/** A page's state (PAG-9): unknown (null), active or inactive. */
export type PageStatus = 'active' | 'inactive' | null;

/** What the pages module keeps per page. */
export interface PageState {
  id: string;
  apiName: string;
  status: PageStatus;
  /** Set when the page activates (PAG-10); kept, as the last activation time, when it goes inactive. */
  activatedAt: number | null;
  /** The activation the page last activated in (optional so stand-in states without it still type-check). */
  activationId?: string | null;
  /** Parsed and user-supplied tags; cleared when the page goes inactive (PAG-14). */
  tags: Record<string, unknown>;
}

/** The `pages` module (`get('pages')`), created by the pages plugin. */
export interface PagesModule {
  /** The current activation (step 1), or undefined before the first. */
  activation(): { id: string; timestamp: number } | undefined;
  /** Every page's state, by page id. */
  states(): Readonly<Record<string, PageState>>;
  /** Ids of the active pages. */
  activePageIds(): string[];
  /** The public page call: activates (default) or deactivates a page by apiName; throws 'Unknown page "<name>"'. */
  page(apiName: string, options?: { isActive?: boolean; tags?: Record<string, unknown> }): void;
  /** Whether a URL condition matches `url` (default: the current page URL), after normalisation (URL-1..11). */
  matchUrl(condition: UrlCondition, url?: string): boolean;
}

/** The modes of runtime-spec §6 and URL-28. */
export interface Modes {
  editor: boolean;
  preview: boolean;
  legacyPreview: boolean;
  embeddedEditor: boolean;
  desktopEditor: boolean;
  slave: boolean;
  p13nEditor: boolean;
}

/**
 * The `controls` module (`get('controls')`): what the query parameters and directives of the host
 * page URL say, read once at init (URL-12..30).
 */
export interface ControlsModule {
  modes(): Readonly<Modes>;
  /** Forced variation ids (URL-20, directive), honoured when global data `enableForceParameters` is not false. */
  forcedVariationIds(): readonly string[];
  /** Forced audience ids (URL-19, directive). */
  forcedAudienceIds(): readonly string[];
  /** The force-tracking flag (URL-21). */
  forceTracking(): boolean;
  /** Whether change observation runs indefinitely (URL-27). */
  observeIndefinitely(): boolean;
  /** The project token parameter, if any (URL-18). */
  projectToken(): string | undefined;
  /** TRK-4: tracking is not disabled and (force tracking, or not in preview and nothing forced). */
  trackingAllowed(): boolean;
  /** URL-29: activation is allowed (not editor mode, not disabled). */
  activationAllowed(): boolean;
  /**
   * What the opt-out parameter (URL-14) or the opt-out directive (URL-25) asks: true opt out, false opt
   * back in, undefined when neither is present. The visitor plugin persists it (VIS-35).
   */
  optOut(): boolean | undefined;
  /** Resolves at DOM ready; in editor mode at window load, once the page has fully loaded (URL-30). */
  domReady(): Promise<void>;
}
