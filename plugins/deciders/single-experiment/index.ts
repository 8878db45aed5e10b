/**
 * The `single_experiment` decider (DEC-27): the layer's first experiment only, its variation by weighted
 * ranges over `bucketingId + experimentId` (rulings 1-3).
 */
import { definePlugin } from '../../../core';
import { bucket, decideFirst } from '../_shared';

export default definePlugin({ type: 'decider', name: 'single_experiment', decide: decideFirst, bucket });
