/**
 * Type declarations of the custom-code API, given to Monaco's JavaScript and TypeScript services
 * (EDT-20) so that `api.` completes and is checked. They describe what the `custom_code` change
 * applier passes to the function: the runtime's plugin context (core/types.ts `PluginContext`),
 * with the modules custom code commonly reaches typed.
 */
export const CUSTOM_CODE_LIB_URI = 'file:///varia/custom-code-api.d.ts';

export const CUSTOM_CODE_LIB = `
/** Time and timers of the runtime: use these, not Date.now or setTimeout, so tests can drive time. */
interface VariaClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}
/** The runtime's log, filtered by the varia_log parameter (off for visitors). */
interface VariaLogger {
  error(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  info(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}
/** An event on the runtime's emitter. */
interface VariaEvent { type: string; name?: string; data?: unknown }
/** The changes module: apply markup changes and observe selectors like the runtime does. */
interface VariaChangesModule {
  /** Calls back once per element matching the selector, now and as they appear; returns stop. */
  observeSelector(selector: string, callback: (element: Element) => void, options?: { indefinitely?: boolean }): () => void;
  /** Hides the matches until the returned release is called (or the timeout passes). */
  prehide(selectors: readonly string[], timeoutMs?: number): () => void;
}
/** The visitor module. */
interface VariaVisitorModule {
  id(): string | undefined;
  attributes?(): Record<string, unknown>;
}
interface VariaModules {
  changes: VariaChangesModule;
  visitor: VariaVisitorModule;
  [name: string]: unknown;
}
/**
 * What a custom-code change receives: the runtime's context on this page. Return a function from
 * your code to undo what it did (the editor's preview calls it when switching variations).
 */
interface VariaApi {
  /** The page's window. */
  readonly win: Window & typeof globalThis;
  readonly clock: VariaClock;
  readonly log: VariaLogger;
  /** The project data of this snippet. */
  readonly data: { projectId: string; revision?: number; [field: string]: unknown };
  /** A runtime module by name. */
  get<K extends keyof VariaModules>(name: K): VariaModules[K] | undefined;
  /** Emits an event to the runtime's listeners. */
  emit(event: VariaEvent): void;
  /** Listens to runtime events; returns the function that stops listening. */
  on(filter: { type: string; name?: string }, handler: (event: VariaEvent) => void): () => void;
  /** The public push API: ['event', name, tags], ['page', ...], ... */
  push(call: unknown): unknown;
}
/** The signature of a custom-code change. */
type VariaCustomCode = (api: VariaApi) => void | (() => void);
`;

/** What a new custom-code change starts with (JavaScript with a JSDoc type, so \`api\` is typed). */
export const CUSTOM_CODE_TEMPLATE = `(/** @type {VariaApi} */ api) => {
  // Runs on the page for visitors of this variation.
  const title = api.win.document.querySelector('h1');
  if (!title) return;
  const before = title.style.letterSpacing;
  title.style.letterSpacing = '-0.02em';
  // Return a function that undoes what the code did.
  return () => { title.style.letterSpacing = before; };
}`;
