/**
 * Changes: the change-applier and widget plugin kinds and the `changes` module (runtime-spec §3 Change,
 * §4 Change applier and change states; CHG).
 */
import type { Action, Change, ChangeLike } from '../project/types';
import type { PluginContext } from '../types';

/** Applier states (CHG-12). */
export type ApplierStatus = 'applied' | 'applying' | 'unapplied' | 'undoing';
/** Change states (CHG-13). */
export type ChangeStatus = 'blocked' | 'unapplied' | 'applied' | 'applying' | 'undoing' | 'timed_out' | 'ignored' | 'error';

/** A handle on something done to the page, able to put the page back exactly as it was. */
export interface UndoHandle {
  undo(): void;
  /**
   * Whether what the change set is still in place; false once the page's own code rewrote it (a framework
   * re-render). Absent: the change cannot tell, and is never applied again (ruling 23).
   */
  holds?(): boolean;
  /** Sets again what the page rewrote; the page's newest content becomes what undo restores (ruling 23). */
  reapply?(): void;
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
export interface ChangeApplierKind<C extends ChangeLike = Change> {
  /** Whether the type works on the elements matched by the change's selector. */
  perElement: boolean;
  apply(change: C, element: Element | undefined, env: ChangeEnv): UndoHandle;
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

/** The type of one widget configuration field. */
export type WidgetFieldType = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** One field of a widget's configuration: its type and its default (WID-3). */
export interface WidgetField {
  /** The JSON type of the value; a list when several are accepted (`'True'`/`'False'` or a boolean). */
  type: WidgetFieldType | readonly WidgetFieldType[];
  /** The value a missing field takes. */
  default: unknown;
  /**
   * The usual values, when the field is one of a few strings (a banner's `type`, 'True'/'False'). The
   * editor offers them; at run time another value is kept with a warning (widgets validate no input).
   */
  enum?: readonly unknown[];
  /** Shown by the editor; kept out of the snippet where it costs bytes. */
  description?: string;
}

/**
 * A widget's declared configuration: one entry per field. The widget applier completes a change's
 * config from it (missing fields take their defaults, a field of the wrong type takes its default
 * with a warning, unknown fields are kept with a warning); the editor turns it into a JSON Schema to
 * validate and complete widget JSON. One declaration serves both, so they cannot drift.
 */
export type WidgetSchema = Readonly<Record<string, WidgetField>>;

/**
 * A page widget, registered under its widget id (a widget change's `widget_id`). The `widget`
 * change applier emits showWidget (news for listeners), completes the config from `schema`, then
 * calls `show` and keeps the returned handle, so undoing the change hides what that show did.
 *
 * Contract (WID-1, WID-2, WID-5..7):
 * - `show` injects the widget; it may wait for its anchors (observing the page) and return at once.
 *   Its handle's `undo()` removes exactly the style tag and elements it injected and restores what
 *   it changed, and stops any observer, timer or listener it started, even if still waiting.
 * - `hide()` undoes every show of this widget still on the page (the editor's preview uses it to
 *   switch variations cleanly).
 * - Nothing visible to visitors on failure: a missing anchor is a warning or a silent skip; the
 *   applier wraps a throw as an ActionError.
 */
export interface WidgetKind {
  /** The declared configuration fields and their defaults. */
  schema: WidgetSchema;
  /** Shows the widget with a complete config (defaults already filled in). */
  show(config: Record<string, unknown>, env: ChangeEnv): UndoHandle;
  /** Hides every instance this widget shows. */
  hide(): void;
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
  /** The state of one change (a lookup, where `changeStates` copies every state). */
  changeState(changeId: string): ChangeStatus | undefined;
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
