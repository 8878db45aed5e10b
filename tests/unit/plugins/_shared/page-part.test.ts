/**
 * The page part helper (plugins/_shared/page-part.ts): a page part's script registers its data in the
 * window's part registry before the snippet runs, the snippet reads it by name, and the snippet's part
 * loader (plugins/_shared/parts.ts) still finds its on-demand parts beside the snippet, not beside the
 * page part that made the registry. Addresses keep the snippet's query string.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pagePart, pagePartSrc, registerPagePart } from '../../../../plugins/_shared/page-part';
import { partNow, partsAddress, partUrl, PARTS_GLOBAL, PARTS_VERSION, setPartsAddress } from '../../../../plugins/_shared/parts';

const SNIPPET = 'https://cdn.example/snippets/homepage.js';
const COPY = { hero: { title1: 'Schneller entwickeln.' } };

/** A window with nothing of the runtime's yet, as a page part finds it. */
const freshWindow = () => ({}) as unknown as Window;
const registry = (win: Window) => (win as unknown as Record<string, Record<string, unknown>>)[PARTS_GLOBAL];

afterEach(() => setPartsAddress(undefined));

describe('page parts', () => {
  it('HPC-35 a part registered before the snippet is read by its name; another name reads undefined', () => {
    const win = freshWindow();
    registerPagePart(win, 'copy-de-de', COPY);
    expect(pagePart(win, 'copy-de-de')).toBe(COPY);
    expect(pagePart(win, 'copy-ja-jp')).toBeUndefined();
    // The on-demand parts' reader finds it in the same registry.
    expect(partNow(win, 'copy-de-de')).toBe(COPY);
  });

  it('a page without the part reads undefined, with or without a registry', () => {
    expect(pagePart(freshWindow(), 'copy-de-de')).toBeUndefined();
    expect(pagePart(undefined, 'copy-de-de')).toBeUndefined();
    const win = { [PARTS_GLOBAL]: { v: PARTS_VERSION, behavior: {} } } as unknown as Window;
    expect(pagePart(win, 'copy-de-de')).toBeUndefined();
  });

  it('the first registration of a name stays (a part included twice, or a page that registers the name again)', () => {
    const win = freshWindow();
    registerPagePart(win, 'copy-de-de', COPY);
    registerPagePart(win, 'copy-de-de', { hero: { title1: 'other' } });
    expect(pagePart(win, 'copy-de-de')).toBe(COPY);
  });

  it('a registry of another protocol version takes nothing and gives nothing', () => {
    const win = { [PARTS_GLOBAL]: { v: PARTS_VERSION + 1, 'copy-de-de': COPY } } as unknown as Window;
    registerPagePart(win, 'copy-fr-fr', COPY);
    expect(registry(win)['copy-fr-fr']).toBeUndefined();
    expect(pagePart(win, 'copy-de-de')).toBeUndefined();
  });

  it('never throws, whatever the page made of the registry', () => {
    const hostile = Object.defineProperty({}, PARTS_GLOBAL, {
      get() {
        throw Error('no');
      },
      set() {
        throw Error('no');
      },
    }) as Window;
    expect(() => registerPagePart(hostile, 'copy-de-de', COPY)).not.toThrow();
    expect(pagePart(hostile, 'copy-de-de')).toBeUndefined();
    const frozen = { [PARTS_GLOBAL]: Object.freeze({ v: PARTS_VERSION }) } as unknown as Window;
    expect(() => registerPagePart(frozen, 'copy-de-de', COPY)).not.toThrow();
    expect(pagePart(frozen, 'copy-de-de')).toBeUndefined();
  });

  it('the registry a page part made gets the snippet address from the snippet loader, so on-demand parts load beside the snippet', () => {
    const win = freshWindow();
    registerPagePart(win, 'copy-de-de', COPY);
    // A page part names no address: its own would send the snippet's parts beside the page part.
    expect('a' in registry(win)).toBe(false);
    setPartsAddress(SNIPPET);
    expect(partNow(win, 'copy-de-de')).toBe(COPY);
    expect(registry(win).a).toBe(SNIPPET);
    // A part of the snippet, loaded later, finds its own parts beside the snippet.
    const address = partsAddress(registry(win).a, 'https://cdn.example/snippets/homepage.qa-log.js');
    expect(partUrl('behavior', address)).toBe('https://cdn.example/snippets/homepage.behavior.js');
  });

  it("HPC-35 a part's address is beside the snippet's, its query string and fragment kept", () => {
    expect(pagePartSrc('/snippets/homepage.js', 'copy-de-de')).toBe('/snippets/homepage.copy-de-de.js');
    expect(pagePartSrc('/snippets/homepage.js?v=323&x=a.js', 'copy-ja-jp')).toBe('/snippets/homepage.copy-ja-jp.js?v=323&x=a.js');
    expect(pagePartSrc(`${SNIPPET}#top`, 'copy-es')).toBe('https://cdn.example/snippets/homepage.copy-es.js#top');
    expect(pagePartSrc('https://cdn.example/snippets/homepage?v=2', 'copy-es')).toBe('https://cdn.example/snippets/homepage.copy-es.js?v=2');
  });
});
