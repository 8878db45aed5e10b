import { describe, expect, it } from 'vitest';
import { definePlugin } from '../../../../../core';
import { bootKernel } from '../../../../../core/testing';
import type { VisitorModule } from '../../../../../core/kinds/visitor';
import visitor, { MSG_ID_NOT_PERSISTED } from '../../../../../plugins/modules/visitor';
import { bootVisitor, memoryStorage } from './helpers';

/** A minimal window for the locator: a query string and globals (Node has no DOM; cookies are browser-tested). */
const fakeWin = (search: string, globals: Record<string, unknown> = {}) =>
  ({ location: { search }, document: { cookie: '' }, ...globals }) as unknown as Window;

describe('visitor id', () => {
  it('CFG-3 VIS-11 a customer id from the query parameter named by visitorIdLocator is the visitor id and bucketing id', async () => {
    const t = bootVisitor({ win: fakeWin('?cid=cust-7'), data: { visitorIdLocator: { type: 'query', name: 'cid' } } });
    await t.settle();
    const v = t.visitor();
    expect(v.id()).toBe('cust-7');
    expect(v.bucketingId()).toBe('cust-7');
    expect(v.randomId()).not.toBe('cust-7');
  });

  it('VIS-11 a number from a js variable path is used as a string', async () => {
    const t = bootVisitor({ win: fakeWin('', { site: { user: { id: 1234 } } }), data: { visitorIdLocator: { type: 'js', name: 'site.user.id' } } });
    await t.settle();
    expect(t.visitor().id()).toBe('1234');
  });

  it('VIS-11 a customer id that is not found, or not a string or number, is not used (warned)', async () => {
    const missing = bootVisitor({ win: fakeWin(''), data: { visitorIdLocator: { type: 'query', name: 'cid' } } });
    await missing.settle();
    expect(missing.visitor().id()).toBe(missing.visitor().randomId());
    expect(missing.logs).toContainEqual({ level: 'warn', text: 'Visitor id not found in query "cid"' });

    const wrong = bootVisitor({ win: fakeWin('', { uid: { an: 'object' } }), data: { visitorIdLocator: { type: 'js', name: 'uid' } } });
    await wrong.settle();
    expect(wrong.visitor().id()).toBe(wrong.visitor().randomId());
    expect(wrong.logs).toContainEqual({ level: 'warn', text: 'Visitor id must be a string or a number' });
  });

  it('TRK-18 failing to persist the visitor id disables tracking (and only tracking)', async () => {
    const t = bootKernel({ plugins: [memoryStorage('local', { failing: true }).plugin, memoryStorage('cookie', { failing: true }).plugin, visitor()] });
    await t.settle();
    const v = t.get('visitor') as VisitorModule;
    expect(v.identify()).toBe(false);
    expect(t.logs).toContainEqual({ level: 'error', text: MSG_ID_NOT_PERSISTED });
    expect(t.lifecycle()).toContain('activated');
    // The tracking scope is checked through a plugin's context, as the tracker does.
    let tracking = true;
    t.kernel.registerPlugin(definePlugin({ type: 'apiModule', name: 'probe', setup: (ctx) => void (tracking = !ctx.disabled('tracking')), create: () => ({}) }));
    expect(tracking).toBe(false);
  });

  it('TRK-18 the id kept in one store is enough: tracking stays on', async () => {
    const t = bootKernel({ plugins: [memoryStorage('local').plugin, memoryStorage('cookie', { failing: true }).plugin, visitor()] });
    await t.settle();
    expect((t.get('visitor') as VisitorModule).identify()).toBe(true);
    expect(t.logs.map((l) => l.text)).not.toContain(MSG_ID_NOT_PERSISTED);
  });

  it('VIS-3 a tampered visitor-id cookie is ignored with a warning; the id kept in local storage wins and the cookie is rewritten', async () => {
    const local = new Map<string, unknown>([['varia_visitor_profile', { randomId: 'good-id-1' }]]);
    const cookies = new Map<string, unknown>([['varia_visitor_id', '<script>alert(1)</script>']]);
    const t = bootVisitor({ local, cookies });
    await t.settle();
    expect(t.visitor().randomId()).toBe('good-id-1');
    expect(cookies.get('varia_visitor_id')).toBe('good-id-1');
    expect(t.logs).toContainEqual({ level: 'warn', text: 'Ignored tampered cookie "varia_visitor_id"' });
  });

  it('VIS-37 KRN-26 the optOut push runs before load and disables the runtime', async () => {
    const cookies = new Map<string, unknown>();
    const t = bootVisitor({ cookies, queue: [['optOut', true]] });
    await t.settle();
    expect(t.lifecycle()).toEqual([]);
    expect(cookies.get('varia_opt_out')).toBe('true');
    expect(t.visitor().optedOut()).toBe(true);
  });

  it('VIS-35 an opt-out cookie disables the runtime; optOut false clears it', async () => {
    const cookies = new Map<string, unknown>([['varia_opt_out', 'true']]);
    const t = bootVisitor({ cookies });
    await t.settle();
    expect(t.lifecycle()).toEqual([]);
    expect(t.visitor().optedOut()).toBe(true);
    t.kernel.push(['optOut', false]);
    expect(cookies.has('varia_opt_out')).toBe(false);
    const next = bootVisitor({ cookies });
    await next.settle();
    expect(next.lifecycle()).toContain('activated');
  });
});
