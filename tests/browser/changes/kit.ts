/**
 * Shared set-up of the changes browser tests: a real kernel on the real window with a real clock. Every
 * kernel booted here stops observing its page when its test ends, so a change still observed (the 2 s
 * window, or the directive's) cannot reach a later test's fixture that matches the same selector.
 */
import { afterEach } from 'vitest';
import type { ActionMeta, ChangesModule, Plugin } from '../../../core';
import type { Change } from '../../../core/project/types';
import { bootKernel, type FakeClock } from '../../../core/testing';
import changes, { type ChangesOptions } from '../../../plugins/modules/changes';
import append from '../../../plugins/change-appliers/append';
import attribute from '../../../plugins/change-appliers/attribute';
import customCode from '../../../plugins/change-appliers/custom-code';
import rearrange from '../../../plugins/change-appliers/rearrange';
import redirect from '../../../plugins/change-appliers/redirect';
import widget from '../../../plugins/change-appliers/widget';

export const META: ActionMeta = { layerId: 'l1', experimentId: 'e1', variationId: 'v1', pageId: 'p1' };

/** Real time: observation, polling and MutationObserver timing are what these tests check. */
const realClock = {
  now: () => Date.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (id: unknown) => clearTimeout(id as number),
} as unknown as FakeClock;

const booted = new Set<ChangesModule>();
afterEach(() => {
  for (const module of booted) module.cancelObservation(META.pageId);
  booted.clear();
});

export const boot = (options: ChangesOptions = {}, extra: Plugin[] = []) => {
  const t = bootKernel({
    win: window,
    clock: realClock,
    record: ['lifecycle', 'error', 'action'],
    plugins: [changes(options), attribute, append, rearrange, redirect, customCode, widget, ...extra],
  });
  const module = t.get('changes') as ChangesModule;
  booted.add(module);
  const apply = (list: Change[], meta = META) => module.applyAction({ id: 'a', changes: list }, meta);
  return { ...t, changes: module, apply };
};

/** A fresh fixture in the body; returns it. */
export const fixture = (html: string): HTMLElement => {
  document.getElementById('fx')?.remove();
  const root = document.createElement('div');
  root.id = 'fx';
  root.innerHTML = html;
  document.body.append(root);
  return root;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const body = () => document.body.outerHTML;
