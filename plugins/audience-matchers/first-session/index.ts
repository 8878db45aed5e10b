/**
 * `first_session` conditions (AUD-20): the visitor's first-session flag (VIS-18). `value` true (the
 * default) matches a first session, false a returning visitor.
 */
import { definePlugin } from '../../../core';
import { shown } from '../_shared/values';
import { validationOnly } from '../../_shared/validation-only';

export default definePlugin({
  type: 'audienceMatcher',
  name: 'first_session',
  fields: ['firstSession'],
  match: (condition, profile) => {
    const flag = profile.firstSession;
    return typeof flag === 'boolean' ? flag === (condition.value ?? true) : null;
  },
  check: validationOnly((condition) =>
    condition.value == null || typeof condition.value === 'boolean' ? undefined : `A first_session condition value must be true or false, got ${shown(condition.value)}`),
});
