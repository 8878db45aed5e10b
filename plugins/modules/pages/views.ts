/**
 * The pages module's work (runtime-spec §4 Activation sequence, Page state; PAG-9..38): the activation
 * sequence, which pages are active, what happens when one activates (state, pageActivated, event
 * implementations, campaign decisions) and when one deactivates (change observation cancelled, changes
 * undone, action state removed, event implementations detached, pageDeactivated).
 *
 * The sequence of core/kinds/modules.ts (ACTIVATION_STEPS) runs here, step by step, in the kernel's
 * stages: each step calls its module itself, so the order never depends on plugin order, and a step
 * whose module is absent is skipped. Each step is guarded alone: a failing module does not stop the next.
 */
import {
  EVENT_TYPES,
  MODULES,
  type AudiencesModule,
  type ChangesModule,
  type ControlsModule,
  type DecisionsModule,
  type PageActivatedData,
  type PageDeactivatedData,
  type PagesModule,
  type PageState,
  type PluginContext,
  type ViewProviderKind,
  type VisitorModule,
} from '../../../core';
import type { PageDefinition, UrlCondition } from '../../../core/project/types';
import { isThenable } from '../../_shared/checks';
import { evaluateList, type Tri } from '../../_shared/tri-logic';
import { audienceLeaf } from './audience-leaf';
import { runActivationCode } from './activation-code';
import { domReadyOf } from './dom-ready';
import { readTags } from './tags';
import type { SpecialisedPage } from './specialised';

export const MSG_NO_VISITOR_ID = 'View activated with no visitorId set';
export const msgUnknownActivationType = (type: unknown) => `Unknown view activationType "${type}"`;
export const msgUnknownPage = (name: unknown) => `Unknown page "${name}"`;

/** The `page` push call's positional parameters: `['page', 'checkout', false, { step: 2 }]`. */
export const PAGE_CALL_PARAMS = ['pageName', 'isActive', 'tags'] as const;

/** An activation's record (step 1). */
export interface ActivationRecord {
  id: string;
  timestamp: number;
}

type Tags = Record<string, unknown>;
// The status of an active page, compared in several places.
const ACTIVE = 'active';
/** What the page call takes besides the page's name. */
type PageCallOptions = { isActive?: boolean; tags?: Tags };

/**
 * Sets up the pages module of one kernel: registers the activation sequence's stage hooks, the `page`
 * push call and the teardown, and returns the module. `matchUrl` matches a URL condition against `url`,
 * by default the current page URL; `specialised` answers a page's conditions with the code a compiled
 * snippet generated for it, when it has some.
 */
export const createViews = (ctx: PluginContext, matchUrl: PagesModule['matchUrl'], specialised?: SpecialisedPage): PagesModule => {
  const states: Record<string, PageState> = {};
  const detachers: Record<string, Array<() => void>> = {};
  const watchers: Array<() => void> = [];
  let pending: Array<() => void> = [];
  let activation: ActivationRecord | undefined;
  // Set in preActivate: when this activation may not run (PAG-27), the later steps do nothing.
  let current: ActivationRecord | undefined;
  // True once this activation's views are set up; page calls made before that wait for it.
  let ready = false;

  const guard = <R>(fn: () => R, details?: Tags) => ctx.attempt('PluginError', fn, details);
  const visitor = () => ctx.get<VisitorModule>(MODULES.visitor);
  const decisions = () => ctx.get<DecisionsModule>(MODULES.decisions);
  const domReady = domReadyOf(ctx);
  const pages = (): PageDefinition[] => (Array.isArray(ctx.data.pages) ? ctx.data.pages : []);
  const stateOf = (page: PageDefinition): PageState =>
    (states[page.id] ??= { id: page.id, apiName: page.apiName, status: null, activatedAt: null, activationId: null, tags: {} });

  // A URL condition is matched here; any other is an audience condition (./audience-leaf.ts).
  const leaf = (condition: unknown): Tri =>
    !condition || typeof condition !== 'object'
      ? null
      : (condition as UrlCondition).type === 'url'
        ? matchUrl(condition as UrlCondition)
        : audienceLeaf(ctx, condition);
  /** Absent or empty conditions match every URL; an unknown result does not match. */
  const conditionsMatch = (page: PageDefinition): boolean => {
    const conditions = page.staticConditions;
    return !Array.isArray(conditions) || !conditions.length || (specialised?.(page, leaf) ?? evaluateList(conditions, leaf) === true);
  };

  const detach = (pageId: string) => {
    for (const stop of detachers[pageId] ?? []) guard(stop);
    delete detachers[pageId];
  };
  const stopWatching = () => watchers.splice(0).forEach((stop) => guard(stop));
  const activate = (page: PageDefinition, tags?: Tags) => {
    const state = stateOf(page);
    const activationId = activation!.id;
    if (state.status === ACTIVE && state.activationId === activationId) return void Object.assign(state.tags, tags);
    const visitorModule = visitor();
    if (visitorModule && !guard(() => visitorModule.id())) return void ctx.report('PluginError', MSG_NO_VISITOR_ID, { pageId: page.id });
    // A page still active from an earlier activation activates anew: fresh event listeners, fresh decisions.
    detach(page.id);
    const activatedAt = ctx.clock.now();
    Object.assign(state, { status: ACTIVE, activatedAt, activationId, tags: { ...readTags(page.tags, ctx.win), ...tags } });
    const data: PageActivatedData = { pageId: page.id, apiName: page.apiName, activationId, activatedAt, tags: { ...state.tags }, category: page.category };
    ctx.log.info(`Page ${page.apiName} activated`);
    ctx.emit({ type: 'lifecycle', name: 'pageActivated', data });
    // PAG-16: every non-custom event of the page gets its implementation; `fire` tracks it through the public push.
    const stops: Array<() => void> = [];
    for (const event of Array.isArray(ctx.data.events) ? ctx.data.events : []) {
      if (event.pageId !== page.id || event.eventType === 'custom') continue;
      const implementation = ctx.plugin('eventImplementation', event.eventType);
      if (!implementation) {
        ctx.log.debug(`No event implementation for "${event.eventType}" (event ${event.apiName})`);
        continue;
      }
      const fire = (tags?: Tags) => void ctx.push({ type: 'event', eventName: event.apiName, tags });
      const stop = guard(() => implementation.attach(event, fire, ctx.win!), { eventId: event.id });
      if (typeof stop === 'function') stops.push(stop);
    }
    detachers[page.id] = stops;
    const decisionsModule = decisions();
    const work = decisionsModule && guard(() => decisionsModule.decidePage(page.id));
    if (isThenable(work)) ctx.defer(work);
  };

  const deactivate = (page: PageDefinition) => {
    const state = stateOf(page);
    const wasActive = state.status === ACTIVE;
    state.status = 'inactive';
    state.tags = {};
    if (!wasActive) return;
    // PAG-18, in this order: stop observing, undo when the page says so, forget the action state.
    const changes = ctx.get<ChangesModule>(MODULES.changes);
    if (changes) {
      guard(() => changes.cancelObservation(page.id));
      if (page.undoOnDeactivation) guard(() => changes.undoPage(page.id));
      guard(() => changes.removeActionState(page.id));
    }
    detach(page.id);
    ctx.log.info(`Page ${page.apiName} deactivated`);
    const data: PageDeactivatedData = { pageId: page.id, apiName: page.apiName };
    ctx.emit({ type: 'lifecycle', name: 'pageDeactivated', data });
  };

  /**
   * What a provider's `update` does: false deactivates; true activates when the conditions match, and
   * otherwise makes an unknown page inactive and deactivates an active one that allows it (PAG-10..13).
   */
  const update = (page: PageDefinition, isActive: boolean, tags?: Tags) => {
    if (!activation) return;
    if (isActive && conditionsMatch(page)) return activate(page, tags);
    const state = stateOf(page);
    if (!isActive || (state.status === ACTIVE && page.deactivationEnabled)) deactivate(page);
    else state.status ??= 'inactive';
  };

  /** The public page call (PAG-20..22): throws for an unknown name; waits for the views when they are not set up yet. */
  const page = (apiName: string, options: PageCallOptions = {}) => {
    const found = pages().find((candidate) => candidate.apiName === apiName);
    if (!found) throw Error(msgUnknownPage(apiName));
    const run = () => update(found, options.isActive !== false, options.tags);
    if (ready) run();
    else pending.push(run);
  };

  ctx.hook('preActivate', () => {
    current = undefined;
    const controls = ctx.get<ControlsModule>(MODULES.controls);
    const optedOut = controls?.optOut() === true || guard(() => visitor()?.optedOut()) === true;
    if (controls?.activationAllowed() === false || optedOut) return ctx.log.info('Activation not allowed');
    // Step 1: a new activation; the previous one's watchers stop.
    stopWatching();
    ready = false;
    const timestamp = ctx.clock.now();
    activation = { id: `${timestamp.toString(36)}.${Math.random().toString(36).slice(2, 10)}`, timestamp };
    ctx.data.activationId = activation.id;
    current = activation;
    // Step 2: every page gets its state (unknown until a provider says otherwise, PAG-9).
    pages().forEach(stateOf);
  });
  ctx.hook('visitor', () => {
    if (!current) return;
    guard(() => visitor()?.identify()); // step 3
    guard(() => decisions()?.trackRedirectDecision()); // step 4
    guard(() => visitor()?.mergeStoredVariationMaps()); // step 5
    guard(() => ctx.get<AudiencesModule>(MODULES.audiences)?.load()); // step 6
  });
  ctx.hook('postVisitorProfileLoad', () => {
    if (!current) return;
    const { id, timestamp } = current;
    guard(() => decisions()?.decideGlobalHoldback(id)); // step 7
    ctx.emit({ type: EVENT_TYPES.tracking, name: 'clientActivation', data: { activationId: id, timestamp } }); // step 8
  });
  ctx.hook('views', () => {
    if (!current) return;
    // Step 9: the provider of each page, by activation type; an unknown type is reported (PAG-7).
    const watched = pages().map((page): [PageDefinition, ViewProviderKind | undefined] => {
      const type = page.activationType ?? 'immediate';
      const provider = ctx.plugin('viewProvider', type);
      if (!provider) ctx.report('PluginError', msgUnknownActivationType(type), { pageId: page.id });
      return [page, provider];
    });
    // Step 10: providers watch their pages; page calls made while waiting run now.
    const id = activation?.id;
    for (const [page, provider] of watched) {
      if (!provider) continue;
      // Updates from an earlier activation (a callback page's code calling late) are ignored.
      const onUpdate = (isActive?: boolean) => void (activation?.id === id && update(page, isActive !== false));
      const env = {
        conditionsMatch: () => conditionsMatch(page),
        domReady,
        runCode: (activateFn: (isActive?: boolean) => void) => runActivationCode(ctx, page, activateFn),
        win: ctx.win,
        clock: ctx.clock,
        log: ctx.log,
      };
      const stop = guard(() => provider.watch(page, onUpdate, env), { pageId: page.id });
      if (typeof stop === 'function') watchers.push(stop);
    }
    ready = true;
    pending.splice(0).forEach((run) => run());
  });

  // The call's arguments carry `isActive` and `tags` under the option names.
  ctx.defineCall('page', (args) => page(args.pageName, args as PageCallOptions), PAGE_CALL_PARAMS);
  ctx.onDestroy(() => {
    stopWatching();
    Object.keys(detachers).forEach(detach);
    pending = [];
    activation = undefined;
  });

  return {
    activation: () => activation && { ...activation },
    states: () => states,
    activePageIds: () =>
      Object.values(states)
        .filter((state) => state.status === ACTIVE)
        .map((state) => state.id),
    page,
    matchUrl,
  };
};
