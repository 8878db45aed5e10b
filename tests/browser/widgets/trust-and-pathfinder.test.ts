/** Hero trust signals (WID-14..18) and the choose-your-path block (WID-29..32) in real Chromium. */
import { describe, expect, it } from 'vitest';
import pathfinder, { PATHFINDER_ID } from '../../../plugins/widgets/pathfinder';
import trust from '../../../plugins/widgets/hero-trust-signals';
import { boot, fixture, hydrate, PAGE, snapshot } from './kit';

const REPORTS = {
  firstReportLink: '/reports/forrester-wave', firstReportIcon: '/site/assets/favicon.svg', firstReportText: 'A Leader in the Forrester Wave',
  secondReportLink: '/reports/gartner-mq', secondReportText: 'A Leader in the Gartner Magic Quadrant',
};
const blocks = () => [...document.querySelectorAll<HTMLAnchorElement>(PAGE.heroBlocks)];

describe('hero trust signals widget', () => {
  it('WID-14 changes nothing before the site has hydrated', async () => {
    fixture();
    const before = snapshot();
    const t = boot([trust()]);
    await t.show('hero_trust_signals', REPORTS);
    expect(snapshot()).toBe(before);
    hydrate();
    expect(blocks()).toHaveLength(2);
  });

  it('WID-15 WID-16 WID-17 WID-18 removes the first two blocks; the third and fourth become the configured analyst-report links', async () => {
    fixture();
    hydrate();
    const t = boot([trust()]);
    await t.show('hero_trust_signals', REPORTS);
    const [first, second] = blocks();
    expect(blocks().map((b) => b.getAttribute('href'))).toEqual(['/reports/forrester-wave', '/reports/gartner-mq']);
    expect(first.dataset.report).toBe('forrester');
    expect(second.dataset.report).toBe('gartner');
    expect(first.querySelector('img')!.getAttribute('src')).toBe('/site/assets/favicon.svg');
    expect(first.textContent).toBe('A Leader in the Forrester Wave');
    expect(second.querySelector('.vw-report-badge')!.textContent).toBe('gar');
    expect(second.textContent).toContain('A Leader in the Gartner Magic Quadrant');
  });

  it('WID-18 the Forrester and Gartner links are told apart by data-report, which the project\'s click events select', async () => {
    fixture();
    hydrate();
    const t = boot([trust()]);
    await t.show('hero_trust_signals', { ...REPORTS, firstReportType: 'gartner', secondReportType: 'forrester' });
    expect(blocks().map((b) => b.dataset.report)).toEqual(['gartner', 'forrester']);
    expect(document.querySelector('a[data-report="forrester"]')!.getAttribute('href')).toBe('/reports/gartner-mq');
  });

  it('WID-15 shown twice, the blocks are swapped once', async () => {
    fixture();
    hydrate();
    const t = boot([trust()]);
    await t.show('hero_trust_signals', REPORTS, 'one');
    await t.show('hero_trust_signals', REPORTS, 'two');
    expect(blocks().map((b) => b.dataset.report)).toEqual(['forrester', 'gartner']);
  });

  it('WID-2 hide puts the four blocks back exactly, the same nodes', async () => {
    fixture();
    hydrate();
    const original = blocks();
    const before = snapshot();
    const plugin = trust();
    const t = boot([plugin]);
    await t.show('hero_trust_signals', REPORTS);
    plugin.hide();
    expect(snapshot()).toBe(before);
    expect(blocks()).toEqual(original);
  });

  it('WID-6 without hydration the widget gives up with a warning after the load event and the timeout, no exception', async () => {
    fixture();
    const { createFakeClock } = await import('../../../core/testing');
    const clock = createFakeClock(Date.now());
    const t = boot([trust()], { clock });
    await t.show('hero_trust_signals', REPORTS);
    clock.tick(2000);
    expect(t.warnings()).toEqual(['Widget "hero_trust_signals": the site did not hydrate within 2000 ms of loading; not shown']);
    hydrate();
    expect(blocks()).toHaveLength(4);
    expect(t.errors()).toEqual([]);
  });
});

describe('pathfinder widget', () => {
  it('WID-30 WID-32 WID-29 a title, a left card with its button and a right card with four links, after the configured element once loaded', async () => {
    fixture();
    const t = boot([pathfinder()]);
    await t.show('pathfinder', { header: 'Pick a path', leftCTAText: 'Go', rcol_2_text: 'Pricing', rcol_2_url: '/pricing' });
    const el = document.getElementById(PATHFINDER_ID)!;
    expect(el.previousElementSibling).toBe(document.querySelector(PAGE.pathfinderAnchor));
    expect(el.querySelector('h2')!.textContent).toBe('Pick a path');
    expect(el.querySelector('.vw-pf-cta')!.textContent).toBe('Go');
    expect(el.querySelector('.vw-pf-cta')!.getAttribute('href')).toBe('/cloud/atlas/register');
    expect(el.querySelectorAll('.vw-pf-links a')).toHaveLength(4);
    expect(el.querySelectorAll('.vw-pf-links a')[1].getAttribute('href')).toBe('/pricing');
  });

  it('WID-31 the fifth link only when its text is non-empty', async () => {
    fixture();
    const t = boot([pathfinder()]);
    await t.show('pathfinder', { rcol_5_text: 'Industries', rcol_5_url: '/solutions/industries' });
    const links = document.querySelectorAll(`#${PATHFINDER_ID} .vw-pf-links a`);
    expect(links).toHaveLength(5);
    expect(links[4].getAttribute('href')).toBe('/solutions/industries');
    t.changes.undoPage('p1');
    await t.show('pathfinder', { rcol_5_text: '', rcol_5_url: '/solutions/industries' }, 'b');
    expect(document.querySelectorAll(`#${PATHFINDER_ID} .vw-pf-links a`)).toHaveLength(4);
  });

  it('WID-2 hide returns the DOM exactly', async () => {
    fixture();
    const before = snapshot();
    const plugin = pathfinder();
    const t = boot([plugin]);
    await t.show('pathfinder');
    plugin.hide();
    expect(snapshot()).toBe(before);
  });
});
