/**
 * The segments provider (the audience-data provider, VIS-8): `segments` = the visitor module's
 * segments. When the project has an audience-data service (`dcpServiceId`) and the visitor has no
 * segments yet, the field is pending until the page (or the provider's integration) answers with the
 * `segments` push call: `varia.push(['segments', ['seg1', 'seg2']])`, which also stores them on the
 * visitor. The spec leaves the dataFromSource call's shape open, so this call is the provider's own.
 */
import { definePlugin, MODULES, type PluginContext, type PluginOf } from '../../../core';
import type { VisitorModule } from '../../../core/kinds/visitor';

/** Options of the segments provider. */
export interface SegmentsOptions {
  /** Wait for the segments call when none are known (default: when global data has a dcpServiceId). */
  await?: boolean;
}

export default function segments(options: SegmentsOptions = {}): PluginOf<'profileProvider'> {
  let ctx: PluginContext | undefined;
  let answer: ((segments: readonly string[]) => void) | undefined;
  let waiting: Promise<readonly string[]> | undefined;
  let received: readonly string[] | undefined;
  const visitor = () => ctx?.get<VisitorModule>(MODULES.visitor);
  return definePlugin({
    type: 'profileProvider',
    name: 'segments',
    fields: ['segments'],
    setup: (context) => {
      ctx = context;
      context.defineCall(
        'segments',
        (args) => {
          const list = args.segments;
          if (!Array.isArray(list) || !list.every((id) => typeof id === 'string')) throw new Error('segments must be an array of strings');
          received = list;
          visitor()?.setSegments(list);
          answer?.(list);
        },
        ['segments'],
      );
    },
    provide: () => {
      const known = visitor()?.segments() ?? received;
      if (known?.length) return { segments: known };
      if (!(options.await ?? !!ctx?.data.dcpServiceId)) return { segments: known };
      waiting ??= new Promise((resolve) => (answer = resolve));
      return { segments: waiting };
    },
  });
}
