/**
 * Parts loaded on demand: code that few pages need (the validators of data handed over by `load`, the
 * behaviour-query engine, the QA log's explanations...) is built beside the snippet as separate scripts
 * (compiler/snippet-parts.ts) and fetched the first time it is needed, so the snippet itself stays small.
 *
 * - A part's address is the snippet's own with `.js` replaced by `.<name>.js` (`/snippets/site.js` ->
 *   `/snippets/site.validate.js`, query string kept), so a Content-Security-Policy that allows the snippet's
 *   origin allows its parts. It is loaded with a plain `<script src>` carrying the snippet's nonce: no eval,
 *   no blob URL.
 * - A part script registers its exports in the window's part registry (`window.variaParts`, created by the
 *   loader, tagged with {@link PARTS_VERSION}); the loader reads them once the script has run. A part from
 *   another protocol version finds no registry of its own and registers nothing.
 * - Under Trusted Types (`require-trusted-types-for 'script'`) the address is a TrustedScriptURL made by the
 *   loader's own policy, {@link TRUSTED_TYPES_POLICY} (`varia`), which a site that enforces them allows in
 *   its CSP (`trusted-types varia`). The policy passes only addresses beside the snippet.
 * - Failure (no network, 404, a script that does not parse or registers nothing, no answer within
 *   {@link PART_TIMEOUT} ms) rejects with {@link msgPartFailed}, never throws into the page, and is
 *   remembered for the page: a part that failed is not requested again on every use.
 */
import type { Clock } from '../../core';
import { PARTS_GLOBAL, PARTS_VERSION, type PartRegistry } from './parts-registry';

export { PARTS_GLOBAL, PARTS_VERSION } from './parts-registry';
/** How long a part may take to arrive, in ms. */
export const PART_TIMEOUT = 10_000;

/** The catalogue message of a part that could not be loaded (its name, address and why). */
export const msgPartFailed = (name: string, url: string, why: string) => `Failed to load the ${name} part from ${url}: ${why}`;

/** The name of the loader's Trusted Types policy (see the file comment). */
export const TRUSTED_TYPES_POLICY = 'varia';

type Registry = PartRegistry;
type Policy = { createScriptURL(url: string): unknown };
type PartWindow = Window & { [PARTS_GLOBAL]?: Registry };

// The snippet's own script element, read while the snippet runs (later, currentScript is another script).
const current = typeof document == 'object' ? (document.currentScript as HTMLScriptElement | null) : null;
// A part that loads parts itself (a matcher part asking for the behaviour engine) runs its own copy of
// this loader: its parts are beside the snippet, whose address the snippet's copy left in the registry
// (`a`), not beside the part. Only a script that is one of that snippet's parts (`shop.<part>.js` beside
// `shop.js`) takes it: another snippet on the page keeps its own address, and a registry the page made
// (or clobbered with its own elements) cannot send a script carrying the nonce to another address.
const sharedAddress = (): unknown => {
  try {
    return (window as PartWindow)[PARTS_GLOBAL]?.a;
  } catch {}
};
/** The address parts are found beside, for a script at `own` given the registry's `shared` (see above). */
export const partsAddress = (shared: unknown, own: string | undefined): string | undefined =>
  typeof shared == 'string' && own?.startsWith(shared.replace(/(\.js)?$/, '.')) ? shared : own;
// (No `window` outside a browser: the ReferenceError is caught too.)
let address = partsAddress(sharedAddress(), current?.src);
const nonce = current?.nonce;

/**
 * Sets the address parts are found beside (a snippet's URL). The snippet's own address is used by default;
 * a page that inlines the snippet, or a test that builds a kernel without one, names it here.
 */
export const setPartsAddress = (url: string | undefined) => {
  address = url;
};

/** The address of part `name` beside the snippet at `snippet` (see the file comment); undefined without one. */
export const partUrl = (name: string, snippet = address): string | undefined => {
  if (!snippet) return;
  try {
    const url = new URL(snippet);
    url.pathname = url.pathname.replace(/(\.js)?$/, `.${name}.js`);
    return url.href;
  } catch {
    return;
  }
};

/** The window's part registry (created when absent); undefined when it cannot be made. */
const registryOf = (win: PartWindow | undefined): Registry | undefined => {
  try {
    const registry = win && (win[PARTS_GLOBAL] ??= { v: PARTS_VERSION });
    if (registry?.v !== PARTS_VERSION) return;
    // The snippet's loader is the first to read the registry, whether it makes it or a page part that ran
    // before the snippet made it (page-part.ts, which names no address): it leaves its own address.
    registry.a ??= address;
    return registry;
  } catch {
    return;
  }
};

/** Part `name` when it is already loaded, else undefined. Never throws. */
export const partNow = <T>(win: Window | undefined, name: string): T | undefined => registryOf(win as PartWindow)?.[name] as T | undefined;

/** Registers a part's exports (what a part script runs). Registers nothing into a registry of another version. */
export const registerPart = (win: Window | undefined, name: string, exports: unknown) => {
  const registry = registryOf(win as PartWindow);
  if (registry && !registry[name]) registry[name] = exports;
};

/**
 * `url` as a script address the page accepts: as it is, or, when the window has Trusted Types, made by the
 * loader's policy. The policy is created once per page and kept in the registry (`t`), as a part's own copy
 * of this loader needs it too and a second policy of the name would be refused; it passes only an address
 * beside the snippet, and what it makes must read as `url`, so a registry the page clobbered sends nothing
 * elsewhere. Throws when the site does not allow the policy.
 */
const scriptUrl = (win: Window, registry: Registry, url: string): unknown => {
  const types = (win as { trustedTypes?: { createPolicy(name: string, rules: Policy): Policy } }).trustedTypes;
  if (!types) return url;
  const base = address?.replace(/(\.js)?$/, '.');
  const made = ((registry.t ??= types.createPolicy(TRUSTED_TYPES_POLICY, {
    createScriptURL: (given) => {
      if (base && given.startsWith(base)) return given;
      throw 0;
    },
  })) as Policy).createScriptURL(url);
  if (String(made) != url) throw 0;
  return made;
};

const loads = new Map<string, Promise<unknown>>();

/** Options of {@link loadPart}. */
export interface LoadPartOptions {
  /** The part's address, instead of the one beside the snippet. */
  url?: string;
  /** The clock of the time limit (a plugin passes `ctx.clock`); the window's timers by default. */
  clock?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
}

/**
 * Loads part `name` once per page: resolves with its exports, rejects with {@link msgPartFailed} (see the
 * file comment). The caller checks the shape of what it gets: a part is code from the network.
 */
export const loadPart = <T>(win: Window | undefined, name: string, options: LoadPartOptions = {}): Promise<T> => {
  const url = options.url ?? partUrl(name);
  const ready = partNow<T>(win, name);
  if (ready) return Promise.resolve(ready);
  const key = name + ' ' + url;
  let loading = loads.get(key);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const doc = win?.document;
      const registry = registryOf(win as PartWindow);
      if (!doc || !url || !registry) return reject(Error(msgPartFailed(name, url ?? '(no address)', 'the snippet address is unknown')));
      const script = doc.createElement('script');
      let why: string | undefined;
      // A script that does not parse (an error page served in its place) is reported on the window: the
      // report is the loader's to make, not the page's.
      const onError = (event: ErrorEvent) => {
        if (event.filename !== url) return;
        event.preventDefault();
        why = 'it is not a valid part script';
      };
      const clock = options.clock ?? win!;
      const timer = clock.setTimeout(() => done('no answer within 10 s'), PART_TIMEOUT);
      const done = (failure?: string) => {
        clock.clearTimeout(timer as never);
        win!.removeEventListener('error', onError);
        script.onload = script.onerror = null;
        script.remove();
        const exports = registry[name];
        if (failure || why || !exports) reject(Error(msgPartFailed(name, url, failure ?? why ?? 'the script registered nothing')));
        else resolve(exports as T);
      };
      win!.addEventListener('error', onError);
      script.onload = () => done();
      script.onerror = () => done('the request failed');
      script.async = true;
      if (nonce) script.nonce = nonce;
      try {
        script.src = scriptUrl(win!, registry, url) as string;
      } catch {
        return done(`Trusted Types refused it: allow policy ${TRUSTED_TYPES_POLICY}`);
      }
      (doc.head ?? doc.documentElement).appendChild(script);
    });
    loads.set(key, loading);
  }
  return loading as Promise<T>;
};
