/**
 * View providers in a real page (Chromium): url_changed with the real History API, popstate and
 * hashchange; dom_changed with a real MutationObserver; polling with real timers. The visitor,
 * decisions, audiences and changes modules are the recording stand-ins of the unit tests.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKernel, type Kernel, type PagesModule, type Plugin } from '../../../core';
import { prepareProject } from '../../../core/project/prepare';
import type { PageDefinition } from '../../../core/project/types';
import { testProject } from '../../../core/testing';
import pages from '../../../plugins/modules/pages';
import callback from '../../../plugins/view-providers/callback';
import domChanged from '../../../plugins/view-providers/dom-changed';
import immediate from '../../../plugins/view-providers/immediate';
import manual from '../../../plugins/view-providers/manual';
import polling from '../../../plugins/view-providers/polling';
import urlChanged from '../../../plugins/view-providers/url-changed';
import { standIns, type StandInOptions } from '../../unit/plugins/modules/pages/stand-ins';

const startUrl = location.href;
let kernel: Kernel | undefined;
let host: HTMLElement;

beforeEach(() => {
  host = document.body.appendChild(document.createElement('div'));
});
afterEach(() => {
  kernel?.destroy();
  kernel = undefined;
  host.remove();
  history.replaceState(null, '', startUrl);
});

const start = (list: PageDefinition[], options: StandInOptions = {}) => {
  const calls: string[] = [];
  const plugins: Plugin[] = [standIns(calls, options), pages(), immediate, callback, polling(), manual, urlChanged, domChanged()];
  kernel = createKernel({ data: testProject({ pages: list }), plugins, win: window, logLevel: 'OFF', prepare: prepareProject });
  kernel.start();
  return { calls, module: kernel.get('pages') as PagesModule };
};

const waitFor = async (check: () => boolean, timeout = 2000) => {
  const until = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const route = (path: string) => ({ type: 'url' as const, match: 'substring' as const, value: path });

describe('single-page app routes (real History API)', () => {
  it('PAG-6 url_changed pages follow pushState, replaceState, popstate and hashchange', async () => {
    history.replaceState(null, '', '/spa-home');
    const { calls, module } = start([
      { id: 'a', apiName: 'a', activationType: 'url_changed', deactivationEnabled: true, undoOnDeactivation: true, staticConditions: [route('/spa-a')] },
      { id: 'b', apiName: 'b', activationType: 'url_changed', deactivationEnabled: true, staticConditions: [route('/spa-b')] },
      { id: 'h', apiName: 'h', activationType: 'url_changed', deactivationEnabled: true, staticConditions: [route('#help')] },
    ]);
    expect(module.activePageIds()).toEqual([]);
    history.pushState(null, '', '/spa-a');
    expect(module.activePageIds()).toEqual(['a']);
    history.pushState(null, '', '/spa-b');
    expect(module.activePageIds()).toEqual(['b']);
    // PAG-18 on a real route change: observation cancelled, changes undone, action state removed.
    expect(calls.filter((call) => call.startsWith('changes.'))).toEqual([
      'changes.cancelObservation a', 'changes.undoPage a', 'changes.removeActionState a',
    ]);
    history.back();
    await waitFor(() => module.activePageIds().join() === 'a');
    history.replaceState(null, '', '/spa-b');
    expect(module.activePageIds()).toEqual(['b']);
    location.hash = 'help';
    await waitFor(() => module.activePageIds().join() === 'b,h');
    expect(calls.filter((call) => call === 'lifecycle pageActivated')).toHaveLength(5);
  });

  it('PAG-6 history is patched once for every url_changed page and restored when the runtime is destroyed', () => {
    start([
      { id: 'a', apiName: 'a', activationType: 'url_changed' },
      { id: 'b', apiName: 'b', activationType: 'url_changed' },
    ]);
    expect(Object.prototype.hasOwnProperty.call(history, 'pushState')).toBe(true);
    kernel!.destroy();
    expect(history.pushState).toBe(History.prototype.pushState);
    expect(history.replaceState).toBe(History.prototype.replaceState);
    expect(Object.prototype.hasOwnProperty.call(history, 'pushState')).toBe(false);
  });
});

describe('DOM and polling activation (real timers)', () => {
  it('PAG-6 a dom_changed page activates when the content it waits for arrives, and deactivates when it goes', async () => {
    const { module } = start(
      [{ id: 'd', apiName: 'd', activationType: 'dom_changed', deactivationEnabled: true, staticConditions: [{ type: 'element_present', name: '#late-offer' }] }],
      { evaluate: () => !!document.querySelector('#late-offer') },
    );
    expect(module.states().d.status).toBe('inactive');
    const offer = host.appendChild(Object.assign(document.createElement('p'), { id: 'late-offer' }));
    await waitFor(() => module.states().d.status === 'active');
    offer.remove();
    await waitFor(() => module.states().d.status === 'inactive');
  });

  it('PAG-4 a polling page activates once its code succeeds in a real page', async () => {
    let runs = 0;
    const { module } = start([
      { id: 'p', apiName: 'p', activationType: 'polling', activationCode: () => (runs++, !!document.querySelector('#ready-marker')) },
    ]);
    setTimeout(() => host.appendChild(Object.assign(document.createElement('i'), { id: 'ready-marker' })), 150);
    await waitFor(() => module.states().p.status === 'active');
    expect(runs).toBeGreaterThan(2);
  });

  it('PAG-3 a callback page activates when its code calls activate later', async () => {
    const { module } = start([
      { id: 'c', apiName: 'c', activationType: 'callback', activationCode: (activate) => void setTimeout(() => activate(), 50) },
    ]);
    expect(module.states().c.status).toBe(null);
    await waitFor(() => module.states().c.status === 'active');
  });
});
