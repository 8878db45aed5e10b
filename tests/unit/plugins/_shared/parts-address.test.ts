/**
 * Where a script's copy of the part loader (plugins/_shared/parts.ts) finds parts: a part of the snippet
 * that left its address in the page's part registry loads its own parts beside that snippet; any other
 * script (another snippet, or a registry the page made or clobbered) keeps its own address.
 */
import { describe, expect, it } from 'vitest';
import { partsAddress, partUrl } from '../../../../plugins/_shared/parts';

const SNIPPET = 'https://cdn.example/snippets/shop.js';

describe('the part loader address', () => {
  it("a part of the snippet (shop.<part>.js) finds the parts it loads beside the snippet, not beside itself", () => {
    const address = partsAddress(SNIPPET, 'https://cdn.example/snippets/shop.matcher-custom-attribute.js');
    expect(address).toBe(SNIPPET);
    expect(partUrl('behavior', address)).toBe('https://cdn.example/snippets/shop.behavior.js');
  });

  it('the snippet itself and another snippet on the same page keep their own address', () => {
    expect(partsAddress(SNIPPET, SNIPPET)).toBe(SNIPPET);
    expect(partsAddress(SNIPPET, 'https://cdn.example/snippets/blog.js')).toBe('https://cdn.example/snippets/blog.js');
  });

  it('an address the page put in the registry cannot send a script carrying the nonce elsewhere', () => {
    const own = 'https://cdn.example/snippets/shop.js';
    expect(partsAddress('https://evil.example/x.js', own)).toBe(own);
    // DOM clobbering: a named element in place of the address string.
    expect(partsAddress({ toString: () => 'https://evil.example/x.js' }, own)).toBe(own);
    expect(partsAddress(undefined, own)).toBe(own);
  });

  it('an inline snippet (no address of its own) takes none from the registry', () => {
    expect(partsAddress(SNIPPET, '')).toBe('');
    expect(partsAddress(SNIPPET, undefined)).toBeUndefined();
  });
});
