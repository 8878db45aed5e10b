/**
 * A small fake window for Node unit tests of pages and view providers: a location that history calls
 * move, listeners for popstate/hashchange/load/DOMContentLoaded, session storage and a document with a
 * settable readyState. Real-DOM behaviour (MutationObserver timing, real history) is tested in
 * tests/browser/pages/.
 */
export interface FakeWindow {
  location: { readonly href: string; readonly search: string; readonly hash: string };
  history: { pushState(state: unknown, title: string, url?: string): void; replaceState(state: unknown, title: string, url?: string): void };
  document: { readyState: DocumentReadyState; querySelector(selector: string): { textContent: string } | null };
  sessionStorage: Storage;
  addEventListener(type: string, listener: () => void, options?: unknown): void;
  removeEventListener(type: string, listener: () => void): void;
  /** Moves the location without history (as a link with only a hash would) and fires the event. */
  navigate(url: string, event?: 'popstate' | 'hashchange'): void;
  dispatch(type: string): void;
  listenerCount(type: string): number;
  [key: string]: unknown;
}

const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
};

export const fakeWindow = (url = 'https://www.example.com/', elements: Record<string, string> = {}): FakeWindow & Window & typeof globalThis => {
  let href = url;
  const listeners = new Map<string, Set<() => void>>();
  const move = (to?: string) => {
    if (to !== undefined) href = new URL(to, href).href;
  };
  const win: FakeWindow = {
    location: {
      get href() {
        return href;
      },
      get search() {
        return new URL(href).search;
      },
      get hash() {
        return new URL(href).hash;
      },
    },
    history: {
      pushState: (_state, _title, to) => move(to),
      replaceState: (_state, _title, to) => move(to),
    },
    document: {
      readyState: 'complete',
      querySelector: (selector) => (selector in elements ? { textContent: elements[selector] } : null),
    },
    sessionStorage: memoryStorage(),
    addEventListener: (type, listener) => void (listeners.get(type) ?? listeners.set(type, new Set()).get(type)!).add(listener),
    removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
    dispatch: (type) => [...(listeners.get(type) ?? [])].forEach((listener) => listener()),
    navigate: (to, event = 'popstate') => {
      move(to);
      win.dispatch(event);
    },
    listenerCount: (type) => listeners.get(type)?.size ?? 0,
  };
  return win as FakeWindow & Window & typeof globalThis;
};
