/**
 * Helpers for end-to-end tests that talk to `window.varia` on a page: its public shape, and
 * a recorder of lifecycle events queued before the snippet loads, as a site would queue it.
 */
import type { Page } from '@playwright/test';

/** `window.varia` once the snippet has loaded. */
export interface VariaApi {
  push(call: unknown): unknown;
  get(name: string): unknown;
}

/** The window of a page running the snippet, with the recorder's array. */
export type VariaWindow = Window & {
  varia: VariaApi | unknown[];
  __e2eLifecycle?: string[];
};

/** The `event_emitter` module's shape. */
export interface EventEmitterModule {
  on(spec: { filter: { type: string; name?: string }; handler: (event: unknown) => void }): string;
  off(token: string): boolean;
  emit(event: { type: string; name?: string; data?: unknown }): void;
}

/**
 * Queues, before any page script runs, an `addListener` call that records the name of every
 * lifecycle event in `window.__e2eLifecycle`. The demo page's `window.varia = window.varia || []`
 * keeps this queue, so the snippet must replay it (KRN-26).
 */
export async function recordLifecycleEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const win = window as unknown as VariaWindow;
    win.__e2eLifecycle = seen;
    // Positional arguments (filter, handler): the array form as KRN-21 words it.
    win.varia = [['addListener', { type: 'lifecycle' }, (event: { name: string }) => seen.push(event.name)]];
  });
}

/** The lifecycle event names recorded so far by {@link recordLifecycleEvents}. */
export function lifecycleEvents(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as VariaWindow).__e2eLifecycle ?? [])]);
}

/** The runtime's console lines of a page, as they arrive, with the `[Varia] ` prefix removed. */
export function runtimeConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('[Varia] ')) lines.push(text.slice(8));
  });
  return lines;
}
