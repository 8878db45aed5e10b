import { describe, expect, it } from 'vitest';
import { decodeRelay, encodeRelay, RELAY_KEYS } from '../../../../../plugins/modules/decisions/relay-codec';
import { audiencesStandIn, boot, memoryStorage, project, visitorStandIn } from './helpers';

const win = { document: { referrer: 'https://search.example/?q=x' }, location: { origin: 'https://shop.example' } } as unknown as Window;

const decidedWithCookie = (cookieValues: Record<string, unknown> = {}) => {
  const cookie = memoryStorage('cookie', cookieValues);
  const t = boot([visitorStandIn({ bucketingId: 'ppid1', id: 'visitor-9' }).plugin, audiencesStandIn(['A1']).plugin, cookie.plugin], project({ holdback: 0 }), { win });
  return { t, cookie };
};

describe('redirect relay cookie', () => {
  it('DEC-42 DEC-43 the relay carries the analytics decision fields as key=value pairs in a cookie of 5 s max age', () => {
    const { t, cookie } = decidedWithCookie();
    t.decisions.decideLayer('L1', 'p1');
    expect(t.decisions.relayRedirect('L1')).toBe(true);
    expect(cookie.writes).toHaveLength(1);
    const [write] = cookie.writes;
    expect(write.key).toBe('redirect');
    expect(write.options).toEqual({ maxAge: 5 });
    const text = write.value as string;
    expect(text.split('&').map((segment) => segment.split('=')[0]).sort()).toEqual(Object.values(RELAY_KEYS).sort());
    const decoded = decodeRelay(text, console as never);
    expect(decoded).toEqual(t.decisions.analyticsPayload('L1'));
  });

  it('DEC-47 the first layer that announces a redirect is kept; later ones are ignored', () => {
    const { t, cookie } = decidedWithCookie();
    t.decisions.decideLayer('L1', 'p1');
    t.decisions.decideLayer('L2', 'p1');
    expect(t.decisions.relayRedirect('L1')).toBe(true);
    expect(t.decisions.relayRedirect('L2')).toBe(false);
    expect(cookie.writes).toHaveLength(1);
    expect(decodeRelay(cookie.values.redirect as string, console as never)!.layerId).toBe('L1');
  });

  it('DEC-46 DEC-48 after the redirect, step 4 reads the relay, removes it and emits the decision for tracking once', async () => {
    const first = decidedWithCookie();
    first.t.decisions.decideLayer('L1', 'p1');
    first.t.decisions.relayRedirect('L1');
    const relayed = first.cookie.values.redirect;
    const { t, cookie } = decidedWithCookie({ redirect: relayed });
    t.decisions.trackRedirectDecision();
    t.decisions.trackRedirectDecision();
    const tracked = t.events.filter((e) => e.type === 'tracking' && e.name === 'redirectDecision');
    expect(tracked).toHaveLength(1);
    expect(tracked[0].data).toMatchObject({ layerId: 'L1', experimentId: 'E1', visitorId: 'visitor-9', referrer: 'https://search.example/?q=x' });
    expect(cookie.values.redirect).toBeUndefined();
    expect(t.decisions.redirectInfo()).toEqual(tracked[0].data);
    expect(t.state.getRedirectInfo()).toEqual({ layerId: 'L1', experimentId: 'E1', variationId: (tracked[0].data as { variationId: string }).variationId, referrer: 'https://search.example/?q=x' });
    expect(t.state.getCampaignStates().L1).toMatchObject({ visitorRedirected: true });
  });

  it('DEC-44 a relay missing a non-nullable field is rejected', () => {
    const { t } = decidedWithCookie();
    t.decisions.decideLayer('L1', 'p1');
    const full = encodeRelay(t.decisions.analyticsPayload('L1')!);
    const withoutLayer = full.split('&').filter((segment) => !segment.startsWith('c=')).join('&');
    const next = decidedWithCookie({ redirect: withoutLayer });
    next.t.decisions.trackRedirectDecision();
    expect(next.t.events.filter((e) => e.type === 'tracking')).toEqual([]);
    expect(next.t.logs.some((line) => line.text === 'Rejected redirect relay cookie: no layerId')).toBe(true);
    expect(next.cookie.values.redirect).toBeUndefined();
  });

  it('DEC-45 ERR-63 segments that cannot be read are logged and skipped; the rest is tracked', () => {
    const { t } = decidedWithCookie();
    t.decisions.decideLayer('L1', 'p1');
    const full = encodeRelay(t.decisions.analyticsPayload('L1')!);
    const damaged = full.replace(/vn=[^&]*/, 'vn=%7Bbroken') + '&zz=1&constructor=1&noequals';
    const next = decidedWithCookie({ redirect: damaged });
    next.t.decisions.trackRedirectDecision();
    const [event] = next.t.events.filter((e) => e.type === 'tracking');
    expect(event.data).toMatchObject({ layerId: 'L1', variationName: null });
    const skipped = next.t.logs.filter((line) => line.text.startsWith('Skipped bad redirect relay cookie segment'));
    expect(skipped.map((line) => line.text)).toEqual([
      'Skipped bad redirect relay cookie segment "vn=%7Bbroken"',
      'Skipped bad redirect relay cookie segment "zz=1"',
      'Skipped bad redirect relay cookie segment "constructor=1"',
      'Skipped bad redirect relay cookie segment "noequals"',
    ]);
  });

  it('DEC-46 without a cookie store or cookie nothing is tracked', () => {
    const t = boot([visitorStandIn().plugin]);
    t.decisions.trackRedirectDecision();
    expect(t.decisions.relayRedirect('L1')).toBe(false);
    expect(t.events.filter((e) => e.type === 'tracking')).toEqual([]);
  });
});
