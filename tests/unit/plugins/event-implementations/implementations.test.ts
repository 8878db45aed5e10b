/**
 * The event implementations in Node with a minimal window (EventTarget); the real DOM behaviour of
 * click delegation is covered in tests/browser/tracker/.
 */
import { describe, expect, it } from 'vitest';
import type { EventDefinition } from '../../../../core/project/types';
import { bootKernel } from '../../../../core/testing';
import click from '../../../../plugins/event-implementations/click';
import custom from '../../../../plugins/event-implementations/custom';
import engagement, { ENGAGEMENT_EVENTS } from '../../../../plugins/event-implementations/engagement';
import pageview from '../../../../plugins/event-implementations/pageview';

const fakeWindow = () => {
  const win = new EventTarget() as EventTarget & { document: EventTarget };
  win.document = new EventTarget();
  return win as unknown as Window & typeof globalThis;
};
/** A click whose target answers closest() for the selectors it is inside. */
const clickOn = (inside: string[] | 'throws') => {
  const event = new Event('click');
  Object.defineProperty(event, 'target', {
    value: {
      closest: (selector: string) => {
        if (inside == 'throws') throw new SyntaxError(`'${selector}' is not a valid selector`);
        return inside.includes(selector) ? {} : null;
      },
    },
  });
  return event;
};
const event = (overrides: Partial<EventDefinition>): EventDefinition => ({ id: 'e1', apiName: 'e', eventType: 'click', ...overrides });

describe('event implementations', () => {
  it('TRK-3 click fires for clicks inside an element matching config.selector, and stops when detached', () => {
    const win = fakeWindow();
    const fired: unknown[] = [];
    const detach = click().attach(event({ config: { selector: '#cta' } }), () => fired.push(1), win);
    win.document.dispatchEvent(clickOn(['#cta']));
    win.document.dispatchEvent(clickOn(['#other']));
    expect(fired).toHaveLength(1);
    detach();
    win.document.dispatchEvent(clickOn(['#cta']));
    expect(fired).toHaveLength(1);
  });

  it('TRK-3 click takes its selector from eventFilter too', () => {
    const win = fakeWindow();
    let fired = 0;
    click().attach(event({ eventFilter: { filterType: 'target_selector', selector: '.buy' } }), () => fired++, win);
    win.document.dispatchEvent(clickOn(['.buy']));
    expect(fired).toBe(1);
  });

  it('KRN-48 click delegation errors are reported as error events, not thrown', async () => {
    const win = fakeWindow();
    const plugin = click();
    const t = bootKernel({ plugins: [plugin] });
    await t.settle();
    plugin.attach(event({ config: { selector: '##bad' } }), () => {}, win);
    expect(() => win.document.dispatchEvent(clickOn('throws'))).not.toThrow();
    expect(t.errors()).toEqual(["'##bad' is not a valid selector"]);
    expect(t.events.at(-1)).toMatchObject({ type: 'error', name: 'PluginError', data: { eventId: 'e1', selector: '##bad' } });
  });

  it('TRK-3 pageview fires when attached (its page activated)', () => {
    let fired = 0;
    pageview.attach(event({ eventType: 'pageview' }), () => fired++, fakeWindow())();
    expect(fired).toBe(1);
  });

  it('TRK-3 custom attaches nothing: the page pushes custom events itself', () => {
    let fired = 0;
    const win = fakeWindow();
    const detach = custom.attach(event({ eventType: 'custom' }), () => fired++, win);
    win.document.dispatchEvent(clickOn([]));
    detach();
    expect(fired).toBe(0);
  });

  it('TRK-3 engagement fires once, on the first click, key press, scroll or touch', () => {
    for (const type of ENGAGEMENT_EVENTS) {
      const win = fakeWindow();
      let fired = 0;
      engagement.attach(event({ eventType: 'engagement' }), () => fired++, win);
      win.dispatchEvent(new Event(type));
      win.dispatchEvent(new Event('click'));
      expect(fired, type).toBe(1);
    }
  });

  it('TRK-3 engagement detached before any interaction never fires', () => {
    const win = fakeWindow();
    let fired = 0;
    engagement.attach(event({ eventType: 'engagement' }), () => fired++, win)();
    win.dispatchEvent(new Event('keydown'));
    expect(fired).toBe(0);
  });
});
