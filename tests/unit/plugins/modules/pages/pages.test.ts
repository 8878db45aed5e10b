import { describe, expect, it } from 'vitest';
import { definePlugin, type PageActivatedData, type PagesModule } from '../../../../../core';
import type { EventDefinition, PageDefinition } from '../../../../../core/project/types';
import { bootPages, url } from './setup';

const modules = (t: ReturnType<typeof bootPages>['t']) => t.get('pages') as PagesModule;
const status = (t: ReturnType<typeof bootPages>['t'], id: string) => modules(t).states()[id]?.status;

describe('pages: fields, activation types and states', () => {
  it('PAG-1 a page has id, apiName, name, category, tags, staticConditions, activationType and deactivationEnabled', async () => {
    const page: PageDefinition = {
      id: 'p1',
      apiName: 'home',
      name: 'Home',
      category: 'landing',
      tags: [{ apiName: 'title', locatorType: 'javascript', locator: 'pageTitle' }],
      staticConditions: [url('simple', 'example.com')],
      activationType: 'immediate',
      deactivationEnabled: false,
      undoOnDeactivation: false,
    };
    const { t, win } = bootPages({ pages: [page] });
    win.pageTitle = 'Welcome';
    await t.settle();
    expect(t.errors()).toEqual([]);
    const activated = t.events.find((event) => event.name === 'pageActivated')!.data as PageActivatedData;
    expect(activated).toMatchObject({ pageId: 'p1', apiName: 'home', category: 'landing' });
    expect(modules(t).states().p1).toMatchObject({ id: 'p1', apiName: 'home', status: 'active' });
  });

  it('PAG-2 an immediate page activates at activation when its conditions match', async () => {
    const { t } = bootPages({
      url: 'https://example.com/shop',
      pages: [
        { id: 'shop', apiName: 'shop', activationType: 'immediate', staticConditions: [url('substring', '/shop')] },
        { id: 'cart', apiName: 'cart', staticConditions: [url('substring', '/cart')] },
      ],
    });
    await t.settle();
    expect(modules(t).activePageIds()).toEqual(['shop']);
  });

  it('PAG-3 a callback page runs its code with an activate function and activates when it is called', async () => {
    let activate: ((isActive?: boolean) => void) | undefined;
    const { t } = bootPages({
      pages: [{ id: 'p', apiName: 'p', activationType: 'callback', activationCode: (fn) => void (activate = fn) }],
    });
    await t.settle();
    expect(typeof activate).toBe('function');
    expect(status(t, 'p')).toBe(null);
    activate!();
    expect(status(t, 'p')).toBe('active');
  });

  it('PAG-3 a throwing activation callback is an ActivationCodeError and the other pages still activate', async () => {
    const { t } = bootPages({
      pages: [
        { id: 'bad', apiName: 'bad', activationType: 'callback', activationCode: () => { throw new Error('boom'); } },
        { id: 'good', apiName: 'good' },
      ],
    });
    await t.settle();
    const error = t.events.find((event) => event.type === 'error')!;
    expect(error.name).toBe('ActivationCodeError');
    expect(t.errors()).toEqual(['boom']);
    expect(modules(t).activePageIds()).toEqual(['good']);
  });

  it('PAG-4 a polling page re-runs its code until it succeeds', async () => {
    let runs = 0;
    const { t } = bootPages({
      pages: [{ id: 'p', apiName: 'p', activationType: 'polling', activationCode: () => ++runs >= 3 }],
    });
    await t.settle();
    expect(status(t, 'p')).toBe(null);
    await t.clock.tickAsync(200);
    expect(runs).toBe(3);
    expect(status(t, 'p')).toBe('active');
  });

  it('PAG-4 a polling page stops when the DOM-ready timeout passes', async () => {
    let runs = 0;
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p', activationType: 'polling', activationCode: () => void ++runs }] });
    await t.settle();
    await t.clock.tickAsync(5000);
    const after = runs;
    await t.clock.tickAsync(5000);
    expect(runs).toBe(after);
    expect(after).toBeGreaterThan(30);
    expect(status(t, 'p')).toBe(null);
  });

  it('PAG-5 a manual page activates only through the page call', async () => {
    const { t } = bootPages({ pages: [{ id: 'm', apiName: 'checkout', activationType: 'manual' }] });
    await t.settle();
    expect(status(t, 'm')).toBe(null);
    t.push(['page', 'checkout']);
    expect(status(t, 'm')).toBe('active');
  });

  it('PAG-6 url_changed and dom_changed are activation types with their providers', async () => {
    const { t } = bootPages({
      pages: [
        { id: 'u', apiName: 'u', activationType: 'url_changed' },
        { id: 'd', apiName: 'd', activationType: 'dom_changed' },
      ],
    });
    await t.settle();
    expect(t.errors()).toEqual([]);
    expect(modules(t).activePageIds()).toEqual(['u', 'd']);
  });

  it('PAG-7 an unknown activationType is reported and the other pages still activate', async () => {
    const { t } = bootPages({
      pages: [
        { id: 'x', apiName: 'x', activationType: 'sometimes' as never },
        { id: 'ok', apiName: 'ok' },
      ],
      // At run time, as in a snippet without validators: the pages rule refuses such data at build and start.
      kernel: { validate: false },
    });
    await t.settle();
    expect(t.errors()).toEqual(['Unknown view activationType "sometimes"']);
    expect(modules(t).activePageIds()).toEqual(['ok']);
  });

  it('PAG-8 a page with the undo flag has its changes undone on deactivation, another does not', async () => {
    const { t, calls } = bootPages({
      pages: [
        { id: 'a', apiName: 'a', activationType: 'manual', undoOnDeactivation: true },
        { id: 'b', apiName: 'b', activationType: 'manual' },
      ],
    });
    await t.settle();
    t.push(['page', 'a']);
    t.push(['page', 'b']);
    t.push(['page', 'a', false]);
    t.push(['page', 'b', false]);
    expect(calls.filter((call) => call.startsWith('changes.undoPage'))).toEqual(['changes.undoPage a']);
  });

  it('PAG-9 a page starts unknown (null); its state is one of null, active, inactive', async () => {
    const { t } = bootPages({
      pages: [
        { id: 'm', apiName: 'm', activationType: 'manual' },
        { id: 'yes', apiName: 'yes' },
        { id: 'no', apiName: 'no', staticConditions: [url('substring', 'nowhere')] },
      ],
    });
    await t.settle();
    expect(Object.values(modules(t).states()).map((state) => state.status)).toEqual([null, 'active', 'inactive']);
  });

  it('PAG-10 a page activates when its conditions match and its activated time is set', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p', activationType: 'manual', staticConditions: [url('simple', 'example.com')] }] });
    await t.settle();
    await t.clock.tickAsync(1234);
    t.push(['page', 'p']);
    expect(modules(t).states().p).toMatchObject({ status: 'active', activatedAt: t.clock.now() });
    expect(modules(t).states().p.activationId).toBe(modules(t).activation()!.id);
  });

  it('PAG-11 a page whose conditions fail while unknown becomes inactive', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p', staticConditions: [url('exact', 'example.com/other')] }] });
    await t.settle();
    expect(status(t, 'p')).toBe('inactive');
  });

  it('PAG-12 an active page with deactivation enabled deactivates when its conditions stop matching', async () => {
    const { t, win } = bootPages({
      url: 'https://example.com/a',
      pages: [{ id: 'a', apiName: 'a', activationType: 'url_changed', deactivationEnabled: true, staticConditions: [url('simple', 'example.com/a')] }],
    });
    await t.settle();
    expect(status(t, 'a')).toBe('active');
    win.history.pushState(null, '', '/b');
    expect(status(t, 'a')).toBe('inactive');
    expect(t.lifecycle()).toContain('pageDeactivated');
  });

  it('PAG-13 an active page without deactivation enabled stays active when its conditions stop matching', async () => {
    const { t, win } = bootPages({
      url: 'https://example.com/a',
      pages: [{ id: 'a', apiName: 'a', activationType: 'url_changed', staticConditions: [url('simple', 'example.com/a')] }],
    });
    await t.settle();
    win.history.pushState(null, '', '/b');
    expect(status(t, 'a')).toBe('active');
    expect(t.lifecycle()).not.toContain('pageDeactivated');
  });

  it('PAG-14 going inactive clears parsed and user-supplied tags', async () => {
    const { t, win } = bootPages({
      pages: [{ id: 'p', apiName: 'p', activationType: 'manual', tags: [{ apiName: 'price', locatorType: 'javascript', locator: 'shop.price', valueType: 'number' }] }],
    });
    win.shop = { price: '19.90' };
    await t.settle();
    t.push(['page', 'p', true, { step: 2 }]);
    expect(modules(t).states().p.tags).toEqual({ price: 19.9, step: 2 });
    t.push(['page', 'p', false]);
    expect(modules(t).states().p.tags).toEqual({});
  });

  it('PAG-15 activation emits pageActivated with the page, activation, time and tags', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p', activationType: 'manual', category: 'cart' }] });
    await t.settle();
    t.push({ type: 'page', pageName: 'p', tags: { a: 1 } });
    const event = t.events.find((e) => e.name === 'pageActivated')!;
    expect(event.type).toBe('lifecycle');
    expect(event.data).toEqual({
      pageId: 'p',
      apiName: 'p',
      activationId: modules(t).activation()!.id,
      activatedAt: t.clock.now(),
      tags: { a: 1 },
      category: 'cart',
    });
  });
});

describe('pages: event implementations, deactivation and the page call', () => {
  const events: EventDefinition[] = [
    { id: 'e1', apiName: 'cta_click', eventType: 'click', pageId: 'p', config: { selector: '#cta' } },
    { id: 'e2', apiName: 'p_view', eventType: 'pageview', pageId: 'p' },
    { id: 'e3', apiName: 'custom_thing', eventType: 'custom', pageId: 'p' },
    { id: 'e4', apiName: 'other_click', eventType: 'click', pageId: 'other', config: { selector: 'a' } },
  ];
  // Stand-in event implementations and `event` call (the tracker helper provides the real ones).
  const recorder = (log: string[]) => [
    ...(['click', 'pageview'] as const).map((type) =>
      definePlugin({
        type: 'eventImplementation',
        name: type,
        attach(event, fire) {
          log.push(`attach ${event.apiName}`);
          fire({ via: type });
          return () => void log.push(`detach ${event.apiName}`);
        },
      }),
    ),
    definePlugin({
      type: 'apiModule',
      name: 'event-call-recorder',
      setup: (ctx) => ctx.defineCall('event', (args) => void log.push(`event ${args.eventName} ${JSON.stringify(args.tags)}`)),
      create: () => ({}),
    }),
  ];
  const pagesList = [
    { id: 'p', apiName: 'p', activationType: 'manual' as const },
    { id: 'other', apiName: 'other', activationType: 'manual' as const },
  ];

  it('PAG-16 activation attaches the implementations of the page\'s non-custom events; fire pushes the event', async () => {
    const log: string[] = [];
    const { t } = bootPages({ pages: pagesList, events, plugins: recorder(log) });
    await t.settle();
    t.push(['page', 'p']);
    expect(log).toEqual(['attach cta_click', 'event cta_click {"via":"click"}', 'attach p_view', 'event p_view {"via":"pageview"}']);
  });

  it('PAG-17 deactivation detaches those implementations', async () => {
    const log: string[] = [];
    const { t } = bootPages({ pages: pagesList, events, plugins: recorder(log) });
    await t.settle();
    t.push(['page', 'p']);
    log.length = 0;
    t.push(['page', 'p', false]);
    expect(log).toEqual(['detach cta_click', 'detach p_view']);
  });

  it('PAG-18 deactivation cancels observation, then undoes changes, then removes the action state', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p', activationType: 'manual', undoOnDeactivation: true }] });
    await t.settle();
    t.push(['page', 'p']);
    calls.length = 0;
    t.push(['page', 'p', false]);
    expect(calls).toEqual(['changes.cancelObservation p', 'changes.undoPage p', 'changes.removeActionState p', 'lifecycle pageDeactivated']);
  });

  it('PAG-19 deactivation emits pageDeactivated with the page; an inactive page emits nothing', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p', activationType: 'manual' }] });
    await t.settle();
    t.push(['page', 'p', false]);
    expect(t.lifecycle()).not.toContain('pageDeactivated');
    t.push(['page', 'p']);
    t.push(['page', 'p', false]);
    expect(t.events.find((event) => event.name === 'pageDeactivated')!.data).toEqual({ pageId: 'p', apiName: 'p' });
  });

  it('PAG-20 the page call activates by default (isActive true), with its tags, and again only once', async () => {
    const { t, calls } = bootPages({ pages: [{ id: 'p', apiName: 'p', activationType: 'manual' }] });
    await t.settle();
    t.push({ type: 'page', pageName: 'p' });
    t.push(['page', 'p', undefined, { more: true }]);
    expect(status(t, 'p')).toBe('active');
    expect(modules(t).states().p.tags).toEqual({ more: true });
    expect(calls.filter((call) => call === 'lifecycle pageActivated')).toHaveLength(1);
  });

  it('PAG-20 a page call queued before load runs once the views are set up', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p', activationType: 'manual' }], kernel: { queue: [['page', 'p']] } });
    await t.settle();
    expect(status(t, 'p')).toBe('active');
  });

  it('PAG-21 a page call with isActive false deactivates the page', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p' }] });
    await t.settle();
    expect(status(t, 'p')).toBe('active');
    t.push({ type: 'page', pageName: 'p', isActive: false });
    expect(status(t, 'p')).toBe('inactive');
  });

  it('PAG-22 a page call with an unknown name fails with Unknown page "<name>"', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p' }] });
    await t.settle();
    expect(() => t.push(['page', 'nope'])).not.toThrow();
    expect(t.errors()).toEqual(['Unknown page "nope"']);
    expect(t.events.find((event) => event.type === 'error')!.name).toBe('ApiError');
    expect(() => modules(t).page('nope')).toThrow('Unknown page "nope"');
  });

  it('PAG-23 a view activating while the visitor has no id is an error and the page stays inactive', async () => {
    const { t } = bootPages({ pages: [{ id: 'p', apiName: 'p' }], visitorId: null });
    await t.settle();
    expect(t.errors()).toEqual(['View activated with no visitorId set']);
    expect(status(t, 'p')).toBe(null);
  });
});

describe('pages: conditions', () => {
  it('PAG-10 page conditions combine url conditions with and/or/not', async () => {
    const { t } = bootPages({
      url: 'https://example.com/shop/item?x=1',
      pages: [
        { id: 'and', apiName: 'and', staticConditions: ['and', url('substring', '/shop'), ['not', url('substring', 'checkout')]] },
        { id: 'or', apiName: 'or', staticConditions: [url('substring', '/cart'), url('substring', '/item')] },
        { id: 'not', apiName: 'not', staticConditions: ['not', url('substring', '/shop')] },
      ],
    });
    await t.settle();
    expect(modules(t).activePageIds()).toEqual(['and', 'or']);
  });

  it('PAG-10 other condition types go to the audiences module; unknown or pending does not match', async () => {
    const { t } = bootPages({
      evaluate: (conditions) => {
        const name = (conditions[0] as { name: string }).name;
        return name === 'yes' ? true : name === 'later' ? Promise.resolve(true) : null;
      },
      pages: [
        { id: 'yes', apiName: 'yes', staticConditions: [{ type: 'custom_attribute', name: 'yes' }] },
        { id: 'later', apiName: 'later', staticConditions: [{ type: 'custom_attribute', name: 'later' }] },
        { id: 'unknown', apiName: 'unknown', staticConditions: [{ type: 'custom_attribute', name: 'x' }] },
      ],
    });
    await t.settle();
    expect(modules(t).activePageIds()).toEqual(['yes']);
  });
});
