/**
 * The `multivariate` decider (DEC-27): like single_experiment, the layer's first experiment only; its
 * variations are the combinations the project already lists, drawn by weighted ranges (rulings 1-3).
 */
import { definePlugin } from '../../../core';
import { bucket, decideFirst } from '../_shared';

export default definePlugin({ type: 'decider', name: 'multivariate', decide: decideFirst, bucket });
