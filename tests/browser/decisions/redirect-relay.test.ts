/**
 * DEC-47 in Chromium: two layers decided on one page both redirect; the first announced layer is kept.
 * Real decisions, deciders, visitor, cookie and local storage, changes module and redirect applier, on
 * the real document's cookies; only `location` is a stand-in (a real navigation would end the test page).
 * Also DEC-42 on a page that replaced JSON.stringify or gave arrays a toJSON (KRN-9): the relay still holds the decision.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionsModule, LayerDecidedData } from '../../../core';
import { bootKernel } from '../../../core/testing';
import changes from '../../../plugins/modules/changes';
import decisions from '../../../plugins/modules/decisions';
import { decodeRelay, encodeRelay } from '../../../plugins/modules/decisions/relay-codec';
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

  /** Runs `fn` while the page's JSON.stringify throws and arrays have a Prototype.js-style toJSON. */
  const onHostilePage = async <T>(fn: () => T | Promise<T>): Promise<T> => {
    const stringify = JSON.stringify;
    const proto = Array.prototype as unknown as { toJSON?: () => string };
    JSON.stringify = () => {
      throw new Error('the page replaced JSON.stringify');
    };
    proto.toJSON = () => 'array as text';
    try {
      return await fn();
    } finally {
      JSON.stringify = stringify;
      delete proto.toJSON;
    }
  };

  it('KRN-9 DEC-42 DEC-44 with JSON.stringify replaced and Array.prototype.toJSON defined, a redirect still writes a relay cookie that holds its decision', async () => {
    const went: string[] = [];
    const win = windowWith({ location: () => ({ ...location, origin: location.origin, href: location.href, replace: (url: string) => went.push(url) }) });
    const t = bootKernel({
      win,
      data: { namespace: 'ns', pages: [{ id: 'p1', apiName: 'p1' }], layers: [layer('L1', '/first')] } as never,
      plugins: [local(), cookie(), visitor(), singleExperiment, decisions(), changes(), redirect],
    });
    await t.settle();
    await onHostilePage(async () => {
      await (t.get('decisions') as DecisionsModule).decidePage('p1');
      await Promise.resolve();
    });
    expect(went).toEqual(['/first']);
    const relay = decodeRelay(pageCookies().varia_redirect ?? '', console as never);
    expect(relay).toMatchObject({ layerId: 'L1', experimentId: 'L1-e', variationId: 'L1-v', layerPolicy: 'single_experiment', decisionTicketAudienceIds: [] });
    expect(t.errors()).toEqual([]);
  });

  it('KRN-9 DEC-42 the relay text keeps lists as lists and leaves a cycle in integration settings out, whatever the page did to its JSON', async () => {
    const settings: Record<string, unknown> = { id: 'ga', nested: { slot: 1 } };
    settings.self = settings;
    const payload = {
      visitorId: 'v1',
      layerId: 'L1',
      layerPolicy: 'single_experiment',
      accountId: 'a',
      projectId: 'p',
      revision: 3,
      clientName: 'js',
      clientVersion: '0.224.0',
      timestamp: 1700000000000,
      decisionTicketAudienceIds: ['aud-1', 'aud-2'],
      integrationSettings: settings,
    } as never;
    const text = await onHostilePage(() => encodeRelay(payload));
    expect(decodeRelay(text, console as never)).toMatchObject({
      layerId: 'L1',
      revision: 3,
      decisionTicketAudienceIds: ['aud-1', 'aud-2'],
      integrationSettings: { id: 'ga', nested: { slot: 1 } },
    });
  });
});
