/**
 * The decisions plugin's build rule (CFG-8): every layer's policy has a decider among the project's
 * plugins; otherwise each decision of the layer would fail at run time ('No deciders found for policy').
 */
import type { ProjectRule } from '../../../core/project/validate';
import { msgNoDecider } from './messages';

export const policyRule: ProjectRule = (data, report, plugins) =>
  (data.layers ?? []).forEach((layer, index) => {
    if (typeof layer?.policy == 'string' && !plugins.some((plugin) => plugin.type == 'decider' && plugin.name == layer.policy)) {
      report({ entity: `layer "${layer.id}"`, path: `layers[${index}].policy`, message: msgNoDecider(layer.policy) });
    }
  });
