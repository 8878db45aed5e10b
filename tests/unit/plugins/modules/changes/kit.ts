/** Boots a real kernel with the changes module and every change applier, for the changes tests. */
import { bootKernel, type BootKernelOptions } from '../../../../../core/testing';
import type { ActionMeta, ChangesModule, Plugin } from '../../../../../core';
import changes, { type ChangesOptions } from '../../../../../plugins/modules/changes';
import append from '../../../../../plugins/change-appliers/append';
import attribute from '../../../../../plugins/change-appliers/attribute';
import customCode from '../../../../../plugins/change-appliers/custom-code';
import rearrange from '../../../../../plugins/change-appliers/rearrange';
import redirect from '../../../../../plugins/change-appliers/redirect';
import widget from '../../../../../plugins/change-appliers/widget';

/** Every applier plugin of the runtime. */
export const APPLIERS: Plugin[] = [attribute, append, rearrange, redirect, customCode, widget];

export const META: ActionMeta = { layerId: 'l1', experimentId: 'e1', variationId: 'v1', pageId: 'p1' };

/** A kernel with the changes plugin, the appliers and `extra` plugins; records action events too. */
export const boot = (options: BootKernelOptions & { changes?: ChangesOptions; extra?: Plugin[] } = {}) => {
  const t = bootKernel({
    record: ['lifecycle', 'error', 'action'],
    ...options,
    plugins: [changes(options.changes), ...APPLIERS, ...(options.extra ?? []), ...(options.plugins ?? [])],
  });
  return { ...t, changes: t.get('changes') as ChangesModule };
};
