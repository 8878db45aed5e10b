/**
 * The snippet keeps a small bot pattern of its own (plugins/trackers/_shared/bots.ts) instead of the
 * isbot package (1.5 KB gzip). This check keeps that pattern current: on a fixed list of known
 * crawlers and real browsers, ours must agree with isbot's (a dev dependency, never in the snippet).
 * When isbot learns a crawler that ours misses, or ours starts filtering a real browser, this fails.
 */
import { isbot } from 'isbot';
import { describe, expect, it } from 'vitest';
import { isBot } from '../../../../plugins/trackers/_shared/bots';
import { BROWSERS, CRAWLERS } from './fixtures/user-agents';

describe('TRK-1 the snippet bot pattern against the isbot package', () => {
  it('TRK-1 the fixture list is what isbot says it is (crawlers are bots, browsers are not)', () => {
    expect(CRAWLERS.filter((agent) => !isbot(agent))).toEqual([]);
    expect(BROWSERS.filter((agent) => isbot(agent))).toEqual([]);
  });

  it('TRK-1 ours flags every known crawler isbot flags', () => {
    expect(CRAWLERS.filter((agent) => !isBot(agent))).toEqual([]);
  });

  it('TRK-1 ours lets every real browser through, as isbot does', () => {
    expect(BROWSERS.filter((agent) => isBot(agent))).toEqual([]);
  });
});
