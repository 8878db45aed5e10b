import { describe, expect, it } from 'vitest';
import { isPolled } from '../../../../../plugins/modules/changes/dom';

describe('which selectors polling must scan whatever the observer saw', () => {
  it('CHG-22 selectors whose matches change only with nodes, attributes and text are not polled', () => {
    for (const selector of ['#hero h1', '.card > a[href^="/pricing"]', 'li:nth-child(2n+1)', 'ul li:last-of-type', 'p:not(.intro)', 'section:has(> h2)', 'div:empty', ':root body', 'a::after'])
      expect(isPolled(selector), selector).toBe(false);
  });

  it('CHG-22 selectors naming a state no mutation shows are polled, and any other colon errs towards polling', () => {
    for (const selector of ['input:checked + label', 'a:hover', 'p:not(:focus-within)', 'my-widget:defined', 'a[href="https://example.com"]', '.md\\:flex'])
      expect(isPolled(selector), selector).toBe(true);
  });
});
