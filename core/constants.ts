/** Product name, used in log prefixes and user-facing texts. */
export const PRODUCT_NAME = 'Varia';
/** Name of the page global: an array queue before the snippet loads, then `{ push, get }`. */
export const GLOBAL_NAME = 'varia';
/** Prefix of the product's query parameters, cookies and storage keys. */
export const PREFIX = 'varia_';
/** Client name carried in global data, analytics payloads and tracker batches (KRN-8). */
export const CLIENT_NAME = 'js';
/** Client version carried beside {@link CLIENT_NAME} (KRN-8). */
export const CLIENT_VERSION = '0.224.0';

/** The client lifecycle event names, exactly the set of KRN-18. */
export const LIFECYCLE_EVENTS = [
  'initialized',
  'activate',
  'activated',
  'viewsActivated',
  'pageDeactivated',
  'originsSynced',
  'layerDecided',
  'pageActivated',
  'activateDeferredDone',
] as const;

/** Event names that are also emitted under a second name (KRN-19). */
export const EVENT_ALIASES: Readonly<Record<string, string>> = { layerDecided: 'campaignDecided' };

/**
 * Lifecycle stages, in the order the kernel runs them. `init` and `sync` run once per page load;
 * the rest run on every activation. `preActivate`, `postVisitorProfileLoad`, `postViewsActivated`
 * and `postActivate` are the spec's cleanup stages (KRN-20); `visitor` and `views` are where
 * plugins load the visitor and activate pages.
 */
export const STAGES = [
  'init',
  'sync',
  'preActivate',
  'visitor',
  'postVisitorProfileLoad',
  'views',
  'postViewsActivated',
  'postActivate',
] as const;

/** Push calls that run while the queue is replayed before load; all others wait for init (KRN-26). */
export const HIGH_PRIORITY_CALLS = ['clientMetadata', 'cookieDomain', 'disable', 'load', 'optOut', 'rum'] as const;

/** Module names under this prefix are reserved: the public `registerModule` refuses them (KRN-10). */
export const RESERVED_MODULE_PREFIX = 'custom/';
