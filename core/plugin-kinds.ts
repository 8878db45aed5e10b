/**
 * The contract of each plugin kind. The registry accepts exactly these kinds (KRN-12); a plugin of a
 * kind is looked up by its `name` , which is the key the runtime has at hand: a decider by
 * layer policy, a matcher by condition type, an applier by change type, a view provider by activation
 * type, an event implementation by event type, a widget by widget id.
 *
 * These are types only: the kernel runs none of this logic, it only stores and hands out plugins.
 */
import type { AudienceCondition, Change, EventDefinition, Experiment, Layer, PageDefinition } from './project/types';

/** A handle on something a plugin did to the page, able to put the page back as it was. */
export interface UndoHandle {
  undo(): void;
}

/** What a decider is asked: the layer, the audience-eligible experiments and the visitor's bucketing id. */
export interface DecisionRequest {
  layer: Layer;
  /** Experiments of the layer the visitor qualifies for, in layer order. */
  eligible: readonly Experiment[];
  bucketingId: string;
}

/** A decider's answer; `error` carries the catalogue's decision error when nothing could be chosen. */
export interface DecisionResult {
  experimentId: string | null;
  variationId: string | null;
  reason?: string;
  error?: string;
}

/** The values of a visitor's profile fields, as far as they are known; pending fields are promises. */
export type ProfileFields = Readonly<Record<string, unknown>>;

export interface PluginKinds {
  /** Chooses experiment and variation for a layer under the policy it is named after. */
  decider: { decide(request: DecisionRequest): DecisionResult | Promise<DecisionResult> };
  /** Evaluates one audience condition type: true, false, or null when it cannot tell. */
  audienceMatcher: {
    /** Profile fields the matcher reads; the evaluator waits for pending ones. */
    fields?: readonly string[];
    match(condition: AudienceCondition, profile: ProfileFields): boolean | null;
  };
  /** Supplies visitor profile fields (device, location, source type...). */
  profileProvider: {
    fields: readonly string[];
    provide(): ProfileFields | Promise<ProfileFields>;
  };
  /** Activates pages of one activation type; calls `activate` whenever the page should (re)activate. */
  viewProvider: {
    watch(page: PageDefinition, activate: (isActive?: boolean) => void): () => void;
  };
  /** Applies one change type to the page. */
  changeApplier: { apply(change: Change): UndoHandle | Promise<UndoHandle> };
  /** Sends what the runtime tracks; works from events it listens to in `setup`. */
  tracker: Record<never, never>;
  /** A storage back end (local storage, cookies, cross-domain frame). */
  storage: {
    read(key: string): unknown;
    write(key: string, value: unknown): boolean;
    remove(key: string): void;
  };
  /** Listens for one goal event type on the page and reports occurrences. */
  eventImplementation: {
    attach(event: EventDefinition, fire: (details?: Record<string, unknown>) => void): () => void;
  };
  /** A page widget shown by a `widget` change. */
  widget: { show(config: Record<string, unknown>): UndoHandle | void };
  /** Contributes a module that `get(name)` returns. */
  apiModule: { create(): unknown };
}
