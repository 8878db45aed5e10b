/** The goal widgets in real Chromium: timer (fake clock), scroll (real scrolling), engagement (WID-107..113). */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { createFakeClock } from '../../../core/testing';
import { pushOnce } from '../../../plugins/widgets/_shared/goals';
import { defineWidget } from '../../../plugins/widgets/_shared/widget';
import engagement from '../../../plugins/widgets/engagement-goals';
import scroll, { DEBOUNCE_MS } from '../../../plugins/widgets/scroll-goals';
import timer from '../../../plugins/widgets/timer-goals';
import { boot, fixture, realClock, snapshot } from './kit';

const tall = () => fixture('<div id="tall" style="height:5000px">tall page</div>');

afterEach(() => window.scrollTo(0, 0));

describe('timer goals widget', () => {
  it('WID-108 WID-107 WID-113 pushes time_on_page_30s/45s/60s with the experiment suffix at 30000, 45000 and 60000 ms', async () => {
    fixture();
    const clock = createFakeClock(Date.now());
    const t = boot([timer()], { clock });
    await t.show('timer_goals', { experimentSuffix: '_hero_exp' });
    clock.tick(29999);
    expect(t.pushed).toEqual([]);
    clock.tick(1);
    expect(t.pushed).toEqual(['time_on_page_30s_hero_exp']);
    clock.tick(15000);
    clock.tick(15000);
    expect(t.pushed).toEqual(['time_on_page_30s_hero_exp', 'time_on_page_45s_hero_exp', 'time_on_page_60s_hero_exp']);
  });

  it('WID-3 WID-2 without a suffix the default homepage names; hidden before 30 s, nothing is pushed', async () => {
    fixture();
    const clock = createFakeClock(Date.now());
    const plugin = timer();
    const t = boot([plugin], { clock });
    await t.show('timer_goals');
    plugin.hide();
    clock.tick(60000);
    expect(t.pushed).toEqual([]);
    await t.show('timer_goals', {}, 'again');
    clock.tick(30000);
    expect(t.pushed).toEqual(['time_on_page_30s']);
  });

  it('WID-108 a timer widget hidden and shown again on one page sends each time event once', async () => {
    // fails when the timer pushes with pushEvent instead of pushOnce: time_on_page_30s goes twice
    fixture();
    const clock = createFakeClock(Date.now());
    const plugin = timer();
    const t = boot([plugin], { clock });
    await t.show('timer_goals', { experimentSuffix: '_reshown' });
    clock.tick(30000);
    expect(t.pushed).toEqual(['time_on_page_30s_reshown']);
    plugin.hide();
    await t.show('timer_goals', { experimentSuffix: '_reshown' }, 'again');
    clock.tick(60000);
    expect(t.pushed).toEqual(['time_on_page_30s_reshown', 'time_on_page_45s_reshown', 'time_on_page_60s_reshown']);
  });
});

describe('scroll goals widget', () => {
  it('WID-110 WID-111 WID-109 real scrolling pushes scroll_<percent><suffix> at 1, 25, 50, 75, 100 %, 250 ms after scrolling stops, each once per page', async () => {
    await page.viewport(1000, 800);
    tall();
    const t = boot([scroll()], { clock: realClock });
    await t.show('scroll_goals', { eventSuffix: '_exp' });
    const range = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, range * 0.3);
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS / 2));
    expect(t.pushed).toEqual([]); // still within the debounce
    await expect.poll(() => t.pushed).toEqual(['scroll_1_exp', 'scroll_25_exp']);
    window.scrollTo(0, 0);
    window.scrollTo(0, range * 0.6);
    await expect.poll(() => t.pushed).toEqual(['scroll_1_exp', 'scroll_25_exp', 'scroll_50_exp']);
    window.scrollTo(0, range);
    await expect.poll(() => t.pushed).toEqual(['scroll_1_exp', 'scroll_25_exp', 'scroll_50_exp', 'scroll_75_exp', 'scroll_100_exp']);
    window.scrollTo(0, 0);
    window.scrollTo(0, range);
    await new Promise((resolve) => setTimeout(resolve, DEBOUNCE_MS * 2));
    expect(t.pushed).toHaveLength(5);
  });

  it('WID-110 a scroll burst is debounced: one measurement 250 ms after the last scroll event', async () => {
    tall();
    const clock = createFakeClock(Date.now());
    const t = boot([scroll()], { clock });
    await t.show('scroll_goals', { eventSuffix: '_b' });
    const range = document.documentElement.scrollHeight - window.innerHeight;
    for (const at of [0.1, 0.3, 0.55]) {
      const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
      window.scrollTo(0, range * at);
      await scrolled; // the widget's listener, added first, has run
      expect(clock.pending()).toBe(1);
      clock.tick(200);
    }
    expect(t.pushed).toEqual([]);
    clock.tick(50);
    expect(t.pushed).toEqual(['scroll_1_b', 'scroll_25_b', 'scroll_50_b']);
  });
});

describe('engagement goals widget', () => {
  it('WID-112 WID-113 the first click on the page pushes engagement<suffix>, once', async () => {
    fixture();
    const t = boot([engagement()]);
    await t.show('engagement_goals', { eventSuffix: '_all' });
    expect(t.pushed).toEqual([]);
    await userEvent.click(document.querySelector('.hero-title')!);
    await userEvent.keyboard('a');
    document.body.click();
    expect(t.pushed).toEqual(['engagement_all']);
  });

  it('WID-2 hide removes its listeners: nothing is pushed afterwards', async () => {
    fixture();
    const before = snapshot();
    const plugin = engagement();
    const t = boot([plugin]);
    await t.show('engagement_goals', { eventSuffix: '_hidden' });
    plugin.hide();
    document.body.click();
    expect(t.pushed).toEqual([]);
    expect(snapshot()).toBe(before);
  });
});

describe('goal events shared by the widgets', () => {
  it('WID-113 a goal widget learns whether its event went out: yes the first time on the page, no after, even from another widget', async () => {
    fixture();
    const answers: boolean[] = [];
    const first = defineWidget('goal_probe', {}, (_c, t) => void answers.push(pushOnce(t, 'signup_seen'), pushOnce(t, 'signup_seen')))();
    const second = defineWidget('goal_probe_2', {}, (_c, t) => void answers.push(pushOnce(t, 'signup_seen'), pushOnce(t, 'pricing_seen')))();
    const t = boot([first, second]);
    await t.show('goal_probe');
    await t.show('goal_probe_2');
    expect(answers).toEqual([true, false, false, true]);
    expect(t.pushed).toEqual(['signup_seen', 'pricing_seen']);
  });
});
