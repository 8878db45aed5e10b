/**
 * The QA log's explanations (see ./index.ts): the lines it writes for a layer decision, an applied action,
 * a tracked event and a relayed decision, worked out from the events' data and the project data. In a
 * snippet they are the `qa-log` part, loaded the first time a page logs at INFO (./access-part.ts).
 */
import {
  MODULES,
  type ActionAppliedData,
  type AnalyticsDecisionPayload,
  type AudiencesModule,
  type ControlsModule,
  type LayerDecidedData,
  type PluginContext,
  type TrackedEventData,
} from '../../../core';
import type { AudienceIdExpression, Experiment, Layer } from '../../../core/project/types';

/** The audience ids an expression names (operators left out), each once. */
const idsOf = (expression: unknown, into: string[]): string[] => {
  if (Array.isArray(expression)) for (const item of expression) idsOf(item, into);
  else if (typeof expression == 'string' && !/^(and|or|not)$/.test(expression) && into.indexOf(expression) < 0) into.push(expression);
  return into;
};

/** An entity as a person reads it: its id, and its name when it has one. */
const named = (entity: { id: string; name?: string } | undefined, id: unknown) => (entity?.name ? `${id} (${entity.name})` : '' + id);

/** What the QA log explains; each writes its lines at INFO. */
export interface Explainer {
  decided(data: LayerDecidedData): void;
  /** `states`: the change states when the action was applied. */
  applied(data: ActionAppliedData, states: Record<string, string>): void;
  tracked(data: TrackedEventData): void;
  relayed(data: AnalyticsDecisionPayload): void;
  /** Once the project runs: the forced variation ids (varia_force_variations) that name none of its variations. */
  started(): void;
}

/** The explanations of one kernel. */
export const explainer = (ctx: PluginContext): Explainer => {
  const say = ctx.log.info;
  const layerOf = (id: unknown): Layer | undefined => ctx.data.layers?.find((layer) => layer.id == id);
  const experimentOf = (layer: Layer | undefined, id: unknown): Experiment | undefined => layer?.experiments?.find((experiment) => experiment.id == id);
  const bucket = (policy: string, id: string, entity: string) =>
    (ctx.plugin('decider', policy) ?? ctx.plugins('decider').find((decider) => decider.bucket))?.bucket?.(id, entity);

  // The ticket lists only the audiences the visitor is in; one it leaves out is asked again, so a matcher's
  // null (it cannot tell) reads "unknown", not "not matched". An answer that has to wait reads "not matched".
  const verdict = (audience: string, matched: readonly string[]) => {
    if (matched.indexOf(audience) >= 0) return 'matched';
    const conditions = ctx.data.audiences?.find((item) => item.id == audience)?.conditions;
    return conditions && ctx.get<AudiencesModule>(MODULES.audiences)?.evaluate(conditions) === null ? 'unknown' : 'not matched';
  };

  const decided = (data: LayerDecidedData) => {
    const { decision, decisionTicket: ticket, pendingRedirect } = data;
    const layer = layerOf(decision.layerId);
    const policy = layer?.policy ?? '';
    const head = `Decision for layer ${named(layer, decision.layerId)}${ticket.pageId ? ` on page ${ticket.pageId}` : ''}:`;
    const id = ticket.bucketingId;
    const reason = decision.reason;
    const forced = reason == 'force' && ctx.get<ControlsModule>(MODULES.controls)?.forcedVariationIds().indexOf(decision.variationId!)! >= 0;
    // Audiences are evaluated after the holdbacks and a forced variation; the ticket lists those that matched.
    if (!forced && reason != 'global_holdback' && id) {
      const audiences = idsOf(layer?.experiments?.map((experiment) => experiment.audienceIds as AudienceIdExpression), []);
      say(
        head,
        audiences.length
          ? 'audiences ' + audiences.map((audience) => `${audience} ${verdict(audience, ticket.audienceIds)}`).join(', ')
          : 'no audience conditions (everyone qualifies)',
      );
    }
    if (reason == 'global_holdback') say(head, `in the global holdback (${ticket.globalHoldback} of 10000, bucket ${bucket(policy, id, 'global_holdback')})`);
    else if (layer?.holdback && !forced) {
      say(head, `layer holdback ${layer.holdback} of 10000, bucket ${bucket(policy, id, layer.id + 'holdback')}: ${decision.isLayerHoldback ? 'held back, no changes' : 'not held back'}`);
    }
    const experiment = experimentOf(layer, decision.experimentId);
    const variation = experiment?.variations?.find((item) => item.id == decision.variationId);
    const draw = experiment ? bucket(policy, id, experiment.id) : undefined;
    const why =
      forced ? 'forced by the varia_force_variations parameter'
      : reason == 'force' ? 'forced audience'
      : reason == 'sticky' ? 'sticky: the variation stored for this visitor'
      : reason == 'cmab' ? 'chosen by the contextual bandit'
      : reason == 'layer_holdback' ? 'in the layer holdback: tracked, nothing applied'
      : reason == 'unallocated' ? `bucket ${draw} is unallocated traffic`
      : draw != null && reason != 'global_holdback' ? `bucket ${draw} (${reason})`
      : reason;
    say(
      head,
      decision.variationId
        ? `experiment ${named(experiment, decision.experimentId)}, variation ${named(variation, decision.variationId)}, ${why}`
        : `no variation${decision.experimentId ? ` of experiment ${named(experiment, decision.experimentId)}` : ''}${why ? ', ' + why : ''}${decision.error ? ': ' + decision.error : ''}`,
    );
    if (pendingRedirect) say(head, 'redirects; the decision is relayed to the next page and tracked there');
  };

  const applied = (meta: ActionAppliedData, states: Record<string, string>) => {
    const variation = experimentOf(layerOf(meta.layerId), meta.experimentId)?.variations?.find((item) => item.id == meta.variationId);
    for (const action of variation?.actions ?? []) {
      if (meta.actionId ? action.id != meta.actionId : (action.pageId ?? action.viewId) != meta.pageId) continue;
      for (const change of action.changes ?? action.changeSet ?? []) {
        const state = states[change.id] ?? 'not run';
        const waited = 'selector' in change && change.selector ? `no element matched ${JSON.stringify(change.selector)} in time` : 'its element never appeared in time';
        say(`Change ${change.id} (${change.type}) of variation ${meta.variationId} on page ${meta.pageId}: ${state == 'timed_out' ? `timed out (${waited})` : state}`);
      }
    }
  };

  return {
    decided,
    applied,
    tracked: (event) =>
      say(`Event ${event.name} (${event.type}) tracked${ctx.data.events?.some((item) => item.apiName == event.name) || event.type == 'pageview' ? ' and queued to send' : ', not sent: the project does not define it'}`),
    relayed: (payload) =>
      say(`Decision for layer ${payload.layerId} relayed from the redirecting page: experiment ${payload.experimentId}, variation ${payload.variationId}`),
    started: () => {
      const known = new Set(ctx.data.layers?.flatMap((layer) => layer.experiments?.flatMap((experiment) => experiment.variations?.map((variation) => variation.id) ?? []) ?? []));
      for (const id of ctx.get<ControlsModule>(MODULES.controls)?.forcedVariationIds() ?? []) {
        if (!known.has(id)) ctx.log.warn(`Forced variation ${JSON.stringify(id)} is unknown: no variation of project ${ctx.data.projectId} has this id, so nothing is forced by it`);
      }
    },
  };
};
