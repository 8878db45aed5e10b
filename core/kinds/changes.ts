/**
 * Changes: the change-applier and widget plugin kinds and the `changes` module (runtime-spec §3 Change,
 * §4 Change applier and change states; CHG).
 */
import type { Action, Change } from '../project/types';
import type { PluginContext } from '../types';

/** Applier states (CHG-12). */
export type ApplierStatus = 'applied' | 'applying' | 'unapplied' | 'undoing';
/** Change states (CHG-13). */
export type ChangeStatus = 'blocked' | 'unapplied' | 'applied' | 'applying' | 'undoing' | 'timed_out' | 'ignored' | 'error';

/** A handle on something done to the page, able to put the page back exactly as it was. */
export interface UndoHandle {
  undo(): void;
}

/** Which decision an action belongs to. */
export interface ActionMeta {
  layerId: string;
  experimentId: string;
  variationId: string;
  pageId: string;
}

/** What an applier receives besides the change. */
export interface ChangeEnv {
  /** The decision the change belongs to (the redirect applier relays it). */
  meta: ActionMeta;
  /** The window to change. */
  win: Window & typeof globalThis;
  /**
   * The context of the changes plugin: custom code receives it as its api, the redirect applier
   * reaches the decisions and tracker modules through it, the widget applier emits through it.
   */
  ctx: PluginContext;
}

/**
 * Applies one change type, registered under that type (`attribute`, `append`, `rearrange`,
 * `redirect`, `custom_code`, `widget`). Element-based types are called once per matched element
 * (`element` set); the others once with `element` undefined. Returns the handle that undoes exactly
 * what it did. Throwing is allowed: the changes module wraps it as an ActionError.
 */
export interface ChangeApplierKind {
  /** Whether the type works on the elements matched by the change's selector. */
  perElement: boolean;
  apply(change: Change, element: Element | undefined, env: ChangeEnv): UndoHandle;
}

/** Data of the `action` event named 'applied' (DEC-23). */
export interface ActionAppliedData extends ActionMeta {
  actionId: string | undefined;
}

/** Data of the `action` event named 'showWidget' (CHG-10). */
export interface ShowWidgetData {
  widgetId: string;
  config: Record<string, unknown>;
  changeId: string;
  meta: ActionMeta;
}

/**
 * A page widget, registered under its widget id. The `widget` change applier emits showWidget (news
 * for listeners), then calls `show` itself and keeps the handle to undo it.
 */
export interface WidgetKind {
  show(config: Record<string, unknown>): UndoHandle | void;
}

/** The `changes` module (`get('changes')`), created by the changes plugin. */
export interface ChangesModule {
  /**
   * Applies an action's changes (dependencies first, async scripts loaded, selectors observed until
   * the timeout) and emits the action-applied event when done. Resolves when every change has
   * settled; never rejects (failures are reported as ActionError and kept in the change states).
   */
  applyAction(action: Action, meta: ActionMeta): Promise<void>;
  /** Stops observing for new matches of the page's changes (PAG-18 step 1). */
  cancelObservation(pageId: string): void;
  /** Undoes every change applied for the page, newest first (PAG-18 step 2, editor preview). */
  undoPage(pageId: string): void;
  /** Forgets the page's action state (PAG-18 step 3). */
  removeActionState(pageId: string): void;
  /** The state of every change applied or attempted, by change id. */
  changeStates(): Readonly<Record<string, ChangeStatus>>;
  /** The applier's state. */
  status(): ApplierStatus;
  /**
   * Hides the elements matching `selectors` (one injected style rule per selector, never the whole
   * page) until the returned release is called or `timeoutMs` (default 3000) passes, whichever comes
   * first. `applyAction` pre-hides its own selectors; call this earlier (for example before an
   * asynchronous decision) to cover the wait. Releasing twice is harmless.
   */
  prehide(selectors: readonly string[], timeoutMs?: number): () => void;
  /**
   * Calls `callback` once for every element matching `selector`, now and as they appear, until the
   * returned stop function is called or, unless `options.indefinitely`, the selector timeout passes
   * (CHG-26). Throws when the selector is not a valid CSS selector, the callback is not a function
   * or the options are not a plain object.
   */
  observeSelector(selector: string, callback: (element: Element) => void, options?: { indefinitely?: boolean }): () => void;
}
