/**
 * The source-type provider (AUD-21): `sourceType` is `campaign` when the URL has utm_source,
 * utm_campaign, gclid or otm_source; else `search` when the referrer's host is a search engine; else
 * `referral` when there is a referrer from another host; else `direct`. The spec leaves the search value's
 * name and the engine list open: `search`, and the engines below. A referrer from the page's own host
 * (internal navigation) counts as direct.
 */
import { readQuery } from '../../_shared/params';
import { hostOf } from '../_shared/page';
import { pageProvider } from '../_shared/simple';

/** Parameters that make a visit a campaign visit. */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_campaign', 'gclid', 'otm_source'];
/** Search-engine hosts: the engine's name as a host label followed by its country or generic domain. */
export const SEARCH_ENGINE = /(^|\.)(google|bing|yahoo|duckduckgo|baidu|yandex|ecosia|ask|aol|naver|seznam|qwant|startpage|brave|sogou|daum)(\.[a-z]{2,3}){1,2}$/;

/** The source type of a visit from its query string, referrer and own host. */
export const sourceType = (search: string, referrer: string, ownHost: string): 'campaign' | 'search' | 'referral' | 'direct' => {
  const query = readQuery(search);
  if (CAMPAIGN_PARAMS.some((name) => query[name] !== undefined)) return 'campaign';
  const host = hostOf(referrer);
  if (!host) return 'direct';
  if (SEARCH_ENGINE.test(host)) return 'search';
  return host === ownHost.toLowerCase() ? 'direct' : 'referral';
};

export default pageProvider('source', 'sourceType', (ctx) => {
  const win = ctx.win;
  return win ? sourceType(win.location.search, win.document.referrer, win.location.hostname) : undefined;
});
