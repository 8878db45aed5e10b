/**
 * Page states and transitions (runtime-spec §4 "Page state"; PAG-9..23): which pages are active, what
 * happens when one activates (state, pageActivated, event implementations, campaign decisions) and
 * when one deactivates (change observation cancelled, changes undone, action state removed, event
 * implementations detached, pageDeactivated).
 */
import {
  MODULES,
  type ChangesModule,
  type DecisionsModule,
  type PageActivatedData,
  type PageDeactivatedData,
  type PageState,
  type PluginContext,
  type ViewProviderEnv,
  type ViewProviderKind,
  type VisitorModule,
} from '../../../core';
import type { PageDefinition, UrlCondition } from '../../../core/project/types';
import { audienceLeaf } from './audience-leaf';
import { evaluateConditions, type Tri } from './conditions';
import { runActivationCode } from './activation-code';
import { readTags } from './tags';

export const MSG_NO_VISITOR_ID = 'View activated with no visitorId set';
export const msgUnknownActivationType = (type: unknown) => `Unknown view activationType "${type}"`;
export const msgUnknownPage = (name: unknown) => `Unknown page "${name}"`;

/** An activation's record (step 1). */
export interface ActivationRecord {
  id: string;
  timestamp: number;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  !!value && typeof (value as PromiseLike<unknown>).then === 'function';

/** Creates the page registry of one kernel. `matchUrl` matches a URL condition against the current URL. */
export const createViews = (ctx: PluginContext, matchUrl: (condition: UrlCondition) => boolean, domReady: () => Promise<void>) => {
  const states: Record<string, PageState> = {};
  const detachers: Record<string, Array<() => void>> = {};
  const watchers: Array<() => void> = [];
  let pending: Array<() => void> = [];
  let activation: ActivationRecord | undefined;
  // True once this activation's views are set up; page calls made before that wait for it.
  let ready = false;

  const pages = (): PageDefinition[] => (Array.isArray(ctx.data.pages) ? ctx.data.pages : []);
  const stateOf = (page: PageDefinition): PageState =>
    (states[page.id] ??= { id: page.id, apiName: page.apiName, status: null, activatedAt: null, activationId: null, tags: {} });

  const leaf = (condition: unknown): Tri => {
    if (!condition || typeof condition !== 'object') return null;
    if ((condition as UrlCondition).type === 'url') return matchUrl(condition as UrlCondition);
    // Other condition types are audience conditions (./audience-leaf.ts).
    return audienceLeaf(ctx, condition);
  };
  /** Absent or empty conditions match every URL; an unknown result does not match. */
  const conditionsMatch = (page: PageDefinition): boolean => {
    const conditions = page.staticConditions;
    return !Array.isArray(conditions) || !conditions.length || evaluateConditions(conditions, leaf) === true;
  };

  const detach = (pageId: string) => {
    for (const stop of detachers[pageId] ?? []) ctx.attempt('PluginError', stop);
    delete detachers[pageId];
  };
  // PAG-16: every non-custom event of the page gets its implementation; `fire` tracks it through the public push.
  const attachEvents = (page: PageDefinition) => {
    const list: Array<() => void> = [];
    for (const event of Array.isArray(ctx.data.events) ? ctx.data.events : []) {
      if (event.pageId !== page.id || event.eventType === 'custom') continue;
      const implementation = ctx.plugin('eventImplementation', event.eventType);
      if (!implementation) {
        ctx.log.debug(`No event implementation for "${event.eventType}" (event ${event.apiName})`);
        continue;
      }
      const fire = (tags?: Record<string, unknown>) => void ctx.push({ type: 'event', eventName: event.apiName, tags });
      const stop = ctx.attempt('PluginError', () => implementation.attach(event, fire, ctx.win!), { eventId: event.id });
      if (typeof stop === 'function') list.push(stop);
    }
    detachers[page.id] = list;
  };

  const activate = (page: PageDefinition, tags?: Record<string, unknown>) => {
    const state = stateOf(page);
    if (state.status === 'active' && state.activationId === activation!.id) {
      if (tags) Object.assign(state.tags, tags);
      return;
    }
    const visitor = ctx.get<VisitorModule>(MODULES.visitor);
    if (visitor && !ctx.attempt('PluginError', () => visitor.id())) {
      ctx.report('PluginError', MSG_NO_VISITOR_ID, { pageId: page.id });
      return;
    }
    // A page still active from an earlier activation activates anew: fresh event listeners, fresh decisions.
    detach(page.id);
    Object.assign(state, {
      status: 'active',
      activatedAt: ctx.clock.now(),
      activationId: activation!.id,
      tags: { ...readTags(page.tags, ctx.win), ...tags },
    });
    const data: PageActivatedData = {
      pageId: page.id,
      apiName: page.apiName,
      activationId: activation!.id,
      activatedAt: state.activatedAt!,
      tags: { ...state.tags },
      category: page.category,
    };
    ctx.log.info(`Page ${page.apiName} activated`);
    ctx.emit({ type: 'lifecycle', name: 'pageActivated', data });
    attachEvents(page);
    const decisions = ctx.get<DecisionsModule>(MODULES.decisions);
    const work = decisions && ctx.attempt('PluginError', () => decisions.decidePage(page.id));
    if (isThenable(work)) ctx.defer(work);
  };

  const deactivate = (page: PageDefinition) => {
    const state = stateOf(page);
    const wasActive = state.status === 'active';
    state.status = 'inactive';
    state.tags = {};
    if (!wasActive) return;
    // PAG-18, in this order: stop observing, undo when the page says so, forget the action state.
    const changes = ctx.get<ChangesModule>(MODULES.changes);
    if (changes) {
      ctx.attempt('PluginError', () => changes.cancelObservation(page.id));
      if (page.undoOnDeactivation) ctx.attempt('PluginError', () => changes.undoPage(page.id));
      ctx.attempt('PluginError', () => changes.removeActionState(page.id));
    }
    detach(page.id);
    ctx.log.info(`Page ${page.apiName} deactivated`);
    const data: PageDeactivatedData = { pageId: page.id, apiName: page.apiName };
    ctx.emit({ type: 'lifecycle', name: 'pageDeactivated', data });
  };

  /** What a provider's `update` does: false deactivates; true activates when the conditions match (PAG-10..13). */
  const update = (page: PageDefinition, isActive: boolean, tags?: Record<string, unknown>) => {
    if (!activation) return;
    if (!isActive) return deactivate(page);
    if (conditionsMatch(page)) return activate(page, tags);
    const state = stateOf(page);
    if (state.status === null) state.status = 'inactive';
    else if (state.status === 'active' && page.deactivationEnabled) deactivate(page);
  };

  const stopWatching = () => {
    watchers.splice(0).forEach((stop) => ctx.attempt('PluginError', stop));
  };

  const envOf = (page: PageDefinition): ViewProviderEnv => ({
    conditionsMatch: () => conditionsMatch(page),
    domReady,
    runCode: (activateFn) => runActivationCode(ctx, page, activateFn),
    win: ctx.win,
    clock: ctx.clock,
    log: ctx.log,
  });

  return {
    /** Step 1: a new activation; the previous one's watchers stop. */
    record(): ActivationRecord {
      stopWatching();
      ready = false;
      const timestamp = ctx.clock.now();
      activation = { id: `${timestamp.toString(36)}.${Math.random().toString(36).slice(2, 10)}`, timestamp };
      ctx.data.activationId = activation.id;
      return activation;
    },
    /** Step 2: every page gets its state (unknown until a provider says otherwise, PAG-9). */
    register: () => void pages().forEach(stateOf),
    /** Step 9: the provider of each page, by activation type; an unknown type is reported (PAG-7). */
    setUp(): Array<[PageDefinition, ViewProviderKind]> {
      const list: Array<[PageDefinition, ViewProviderKind]> = [];
      for (const page of pages()) {
        const type = page.activationType ?? 'immediate';
        const provider = ctx.plugin('viewProvider', type);
        if (provider) list.push([page, provider]);
        else ctx.report('PluginError', msgUnknownActivationType(type), { pageId: page.id });
      }
      return list;
    },
    /** Step 10: providers watch their pages; page calls made while waiting run now. */
    activateViews(list: Array<[PageDefinition, ViewProviderKind]>) {
      const id = activation?.id;
      for (const [page, provider] of list) {
        // Updates from an earlier activation (a callback page's code calling late) are ignored.
        const onUpdate = (isActive?: boolean) => void (activation?.id === id && update(page, isActive !== false));
        const stop = ctx.attempt('PluginError', () => provider.watch(page, onUpdate, envOf(page)), { pageId: page.id });
        if (typeof stop === 'function') watchers.push(stop);
      }
      ready = true;
      pending.splice(0).forEach((run) => run());
    },
    /** The public page call (PAG-20..22): throws for an unknown name; waits for the views when they are not set up yet. */
    page(apiName: string, options: { isActive?: boolean; tags?: Record<string, unknown> } = {}) {
      const page = pages().find((candidate) => candidate.apiName === apiName);
      if (!page) throw Error(msgUnknownPage(apiName));
      const run = () => update(page, options.isActive !== false, options.tags);
      if (ready) run();
      else pending.push(run);
    },
    activation: () => activation,
    states: () => states,
    destroy() {
      stopWatching();
      Object.keys(detachers).forEach(detach);
      pending = [];
      activation = undefined;
    },
    conditionsMatch,
  };
};
