/**
 * Bot detection (TRK-1, TRK-2). The isbot package weighs 1.5 KB gzip, half the kernel, so this is a
 * compact list of the crawlers and monitors that matter for experiment data: search engines, social
 * and link previews, SEO and AI crawlers, uptime monitors and scripted HTTP clients. Headless Chrome is
 * deliberately not in it: site owners run their own QA and end-to-end checks with it.
 */
const BOTS =
  /bot\b|bot[/;-]|crawl|spider|slurp|mediapartners|adsbot|feedfetcher|facebookexternalhit|whatsapp|embedly|preview|yandex|baidu|bytespider|petalbot|semrush|ahrefs|mj12|archive|ia_archiver|gptbot|ccbot|perplexity|monitor|pingdom|uptime|statuscake|site24x7|newrelic|datadog|gtmetrix|lighthouse|pagespeed|phantomjs|curl\/|wget|python|java\/|go-http|okhttp|axios|node-fetch|httpclient/i;

/** The user agent as the tracker uses it: at most 350 characters (TRK-2). */
export const truncateUserAgent = (userAgent: unknown): string => String(userAgent ?? '').slice(0, 350);

/** Whether a (truncated) user agent is a known bot. */
export const isBot = (userAgent: string): boolean => BOTS.test(truncateUserAgent(userAgent));
