/**
 * Helpers of the homepage end-to-end tests (tests/e2e/homepage*.spec.ts): the homepage snippet on the
 * stand-in page (config/homepage/site/) served by the local services. A recorder queued before the
 * snippet loads (as a site's own tag would queue it) keeps every showWidget action, tracked event and
 * lifecycle event, so a test waits for what it needs instead of sleeping.
 */
import type { Page } from '@playwright/test';
import { HYDRATED_ATTRIBUTE } from '../../config/homepage/page-contract';

/** What the recorder keeps in the page. */
export interface Recorded {
  widgets: Array<{ widgetId: string; config: Record<string, unknown> }>;
  tracked: Array<{ name: string; type: string }>;
  lifecycle: string[];
}

/** Queues the recorder's listeners before any page script runs. */
export async function recordHomepage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const kept: Recorded = { widgets: [], tracked: [], lifecycle: [] };
    const win = window as unknown as { __hp: Recorded; varia: unknown[] };
    win.__hp = kept;
    win.varia = [
      ['addListener', { type: 'action', name: 'showWidget' }, (event: { data: { widgetId: string; config: Record<string, unknown> } }) => kept.widgets.push({ widgetId: event.data.widgetId, config: event.data.config })],
      ['addListener', { type: 'tracking', name: 'eventTracked' }, (event: { data: { name: string; type: string } }) => kept.tracked.push({ name: event.data.name, type: event.data.type })],
      ['addListener', { type: 'lifecycle' }, (event: { name: string }) => kept.lifecycle.push(event.name)],
    ];
  });
}

/** Everything recorded so far. */
export const recorded = (page: Page): Promise<Recorded> => page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { __hp: Recorded }).__hp)));

/** The widget ids shown so far, in order. */
export const shownWidgets = async (page: Page): Promise<string[]> => (await recorded(page)).widgets.map((item) => item.widgetId);

/** The config a widget was shown with (the first time), or undefined. */
export const widgetConfig = async (page: Page, widgetId: string): Promise<Record<string, unknown> | undefined> =>
  (await recorded(page)).widgets.find((item) => item.widgetId === widgetId)?.config;

/** Opens a homepage path (with a query) and waits for the runtime's activation and the site's hydration. */
export async function openHomepage(page: Page, path = '/', query = ''): Promise<void> {
  await page.goto(path + query);
  await page.waitForFunction(
    (attribute) => {
      const hp = (window as unknown as { __hp?: Recorded }).__hp;
      return document.documentElement.hasAttribute(attribute) && (!hp || hp.lifecycle.includes('activated'));
    },
    HYDRATED_ATTRIBUTE,
  );
}

/** The public state module's variation map: experiment id -> variation id. */
export const variations = (page: Page): Promise<Record<string, string>> =>
  page.evaluate(() => {
    const api = (window as unknown as { varia: { get(name: string): { getVariationMap(): Record<string, { id: string }> } } }).varia;
    const map = api.get('state').getVariationMap();
    return Object.fromEntries(Object.entries(map).map(([id, variation]) => [id, variation.id]));
  });

/** Ids of the experiments the visitor is in on this page (decided now, outside any holdback). */
export const activeExperiments = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { varia: { get(name: string): { getActiveExperimentIds(): string[] } } }).varia.get('state').getActiveExperimentIds());

/** Ids of the pages (views) active now. */
export const activeViews = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const api = (window as unknown as { varia: { get(name: string): { getPageStates(o: { isActive: boolean }): Record<string, unknown> } } }).varia;
    return Object.keys(api.get('state').getPageStates({ isActive: true }));
  });

/** The force-variation query (URL-20): `?varia_force_variations=a,b`. */
export const force = (...ids: string[]) => `?varia_force_variations=${ids.join(',')}`;

/** A desktop and a phone user agent (ruling 8: the device type comes from the user agent). */
export const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
export const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
