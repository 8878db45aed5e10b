/**
 * The contract of each plugin kind. The registry accepts exactly these kinds (KRN-12); a plugin of a
 * kind is looked up by its `name`, which is the key the runtime has at hand: a decider by layer
 * policy, a matcher by condition type, an applier by change type, a view provider by activation type,
 * an event implementation by event type, a widget by widget id, a storage by its back end.
 *
 * The kinds' interfaces live in `core/kinds/`, one file per domain, beside the modules through which
 * the plugins of that domain cooperate (see `core/kinds/modules.ts`). These are types only: the kernel
 * runs none of this logic, it only stores and hands out plugins.
 */
import type { AudienceMatcherKind, ProfileProviderKind } from './kinds/audiences';
import type { ChangeApplierKind, WidgetKind } from './kinds/changes';
import type { DeciderKind } from './kinds/decisions';
import type { ViewProviderKind } from './kinds/pages';
import type { EventImplementationKind, TrackerKind } from './kinds/tracking';
import type { StorageKind } from './kinds/visitor';

export type { AudienceMatcherKind, ProfileFields, ProfileProviderKind } from './kinds/audiences';
export type { ChangeApplierKind, UndoHandle, WidgetKind } from './kinds/changes';
export type { DeciderKind, DecisionRequest, DecisionResult } from './kinds/decisions';

export interface PluginKinds {
  /** Chooses experiment and variation for a layer under the policy it is named after. */
  decider: DeciderKind;
  /** Evaluates one audience condition type: true, false, or null when it cannot tell. */
  audienceMatcher: AudienceMatcherKind;
  /** Supplies visitor profile fields (device, location, source type...). */
  profileProvider: ProfileProviderKind;
  /** Activates pages of one activation type. */
  viewProvider: ViewProviderKind;
  /** Applies one change type to the page. */
  changeApplier: ChangeApplierKind;
  /** Sends what the runtime tracks; works from events it listens to in `setup`. */
  tracker: TrackerKind;
  /** A storage back end (local storage, session storage, cookies, cross-domain frame). */
  storage: StorageKind;
  /** Listens for one goal event type on the page and reports occurrences. */
  eventImplementation: EventImplementationKind;
  /** A page widget shown by a `widget` change. */
  widget: WidgetKind;
  /** Contributes a module that `get(name)` returns. */
  apiModule: { create(): unknown };
}
