/**
 * DEC-47 in Chromium: two layers decided on one page both redirect; the first announced layer is kept.
 * Real decisions, deciders, visitor, cookie and local storage, changes module and redirect applier, on
 * the real document's cookies; only `location` is a stand-in (a real navigation would end the test page).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionsModule, LayerDecidedData } from '../../../core';
import { bootKernel } from '../../../core/testing';
import changes from '../../../plugins/modules/changes';
import decisions from '../../../plugins/modules/decisions';
import { decodeRelay } from '../../../plugins/modules/decisions/relay-codec';
import visitor from '../../../plugins/modules/visitor';
import redirect from '../../../plugins/change-appliers/redirect';
import singleExperiment from '../../../plugins/deciders/single-experiment';
import cookie from '../../../plugins/storage/cookie';
import local from '../../../plugins/storage/local';
import { clearVaria, pageCookies, windowWith } from '../visitor/helpers';

afterEach(clearVaria);

const layer = (id: string, url: string) => ({
  id,
  policy: 'single_experiment',
  pageIds: ['p1'],
  experiments: [{ id: `${id}-e`, variations: [{ id: `${id}-v`, actions: [{ pageId: 'p1', changes: [{ id: `${id}-go`, type: 'redirect', value: url }] }] }] }],
});

describe('redirects in Chromium', () => {
  it('DEC-47 when two layers redirect, the first announced layer is kept: its relay cookie, its navigation; the later one is ignored', async () => {
    const went: string[] = [];
    const win = windowWith({ location: () => ({ ...location, origin: location.origin, href: location.href, replace: (url: string) => went.push(url) }) });
    const t = bootKernel({
      win,
      data: { namespace: 'ns', pages: [{ id: 'p1', apiName: 'p1' }], layers: [layer('L1', '/first'), layer('L2', '/second')] } as never,
      plugins: [local(), cookie(), visitor(), singleExperiment, decisions(), changes(), redirect],
    });
    await t.settle();
    const decided: LayerDecidedData[] = [];
    const emitter = t.get('event_emitter') as { on(spec: { filter: object; handler(event: { data?: unknown }): void }): string };
    emitter.on({ filter: { type: 'lifecycle', name: 'layerDecided' }, handler: (event) => void decided.push(event.data as LayerDecidedData) });
    const states = await (t.get('decisions') as DecisionsModule).decidePage('p1');
    expect(states.map((state) => state.layerId)).toEqual(['L1', 'L2']);
    expect(decided.map((data) => [data.layerState.layerId, data.pendingRedirect])).toEqual([['L1', true], ['L2', true]]);
    // The real cookie jar holds one relay, the first layer's; the page goes to the first layer's URL only.
    await Promise.resolve();
    const relay = decodeRelay(pageCookies().varia_redirect, console as never);
    expect(relay).toMatchObject({ layerId: 'L1', experimentId: 'L1-e', variationId: 'L1-v' });
    expect(went).toEqual(['/first']);
    expect(t.logs.some((line) => line.level === 'debug' && line.text.includes('Redirect of layer L2 ignored: layer L1 redirects first'))).toBe(true);
  });
});
