/**
 * The whole preset's stand-in of plugins/modules/features (compiler/snippet-parts.ts): the features module
 * is part `module-features`, swapped in before init when a variation of the data carries feature values;
 * without any, `get('features')` has no value, as the module answers then.
 */
import { moduleStandIn } from '../stand-in';

/** Whether the data holds a `features` entry under its layers (a variation's feature values). */
const hasFeatures = (value: unknown, depth = 0): boolean =>
  depth < 12 && !!value && typeof value == 'object' && Object.entries(value).some(([key, item]) => key == 'features' || hasFeatures(item, depth + 1));

export default () =>
  moduleStandIn('features', 'module-features', { value: () => undefined, values: () => ({}) }, { wanted: (data) => hasFeatures((data as { layers?: unknown })?.layers) });
