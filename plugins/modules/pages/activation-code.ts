/**
 * A page's activation code (runtime-spec §2 activation types `callback` and `polling`): run by its view
 * provider through `env.runCode`; an error or a rejected promise is an ActivationCodeError. A fitted
 * snippet whose pages have no activation code takes ./activation-code-off.ts instead (plugins/presets/fit.ts).
 */
import type { PluginContext } from '../../../core';
import type { PageDefinition } from '../../../core/project/types';
import { isThenable } from '../../_shared/checks';
import { settle } from '../../../core/sequence';

/** Runs `page.activationCode(activate, page)`; undefined when the page has none. */
export const runActivationCode = (ctx: PluginContext, page: PageDefinition, activate: (isActive?: boolean) => void): unknown => {
  const code = page.activationCode;
  if (typeof code !== 'function') return;
  const details = { pageId: page.id };
  const result = ctx.attempt('ActivationCodeError', () => code(activate, page), details);
  if (isThenable(result)) settle(result, () => {}, (error) => void ctx.report('ActivationCodeError', error, details));
  return result;
};
