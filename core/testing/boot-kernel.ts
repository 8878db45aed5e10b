import { createKernel } from '../kernel';
import { prepareProject } from '../project/prepare';
import type { ProjectInput } from '../project/types';
import type { Kernel, KernelEvent, ListenerSpec, Plugin } from '../types';
import { createFakeClock, flushPromises, type FakeClock } from './fake-clock';

/** One line the kernel logged. */
export interface LogLine {
  level: 'error' | 'warn' | 'info' | 'debug';
  /** The line's parts joined by spaces, without the product prefix. */
  text: string;
}

/** Options of {@link bootKernel}. */
export interface BootKernelOptions {
  /** The plugins under test, in order. */
  plugins?: readonly Plugin[];
  /** Project data; merged over {@link testProject}'s minimal valid project. */
  data?: Partial<ProjectInput> & Record<string, unknown>;
  /** Calls queued before load, as a page would leave them in `window.varia`. */
  queue?: readonly unknown[];
  /** The log level; default DEBUG so tests can see every line. */
  logLevel?: unknown;
  /** The window the plugins get; default none (a browser test passes `window`). */
  win?: Window;
  /** The clock; default a fake clock at 2026-01-01. */
  clock?: FakeClock;
  /** Start the kernel at once (default true). */
  start?: boolean;
  /** Validate project data like the snippet does (default true). */
  validate?: boolean;
  /** Event types to record (default lifecycle and error). */
  record?: readonly string[];
}

/** A booted kernel and what it did. */
export interface TestKernel {
  kernel: Kernel;
  push: Kernel['push'];
  get: Kernel['get'];
  clock: FakeClock;
  /** Every event of the recorded types, in order. */
  events: KernelEvent[];
  /** Every log line, in order. */
  logs: LogLine[];
  /** Names of the recorded lifecycle events, in order. */
  lifecycle(): string[];
  /** Messages of the recorded error events, in order. */
  errors(): string[];
  /** Waits until the kernel is idle and pending promises have settled. */
  settle(): Promise<void>;
}

/** A minimal valid project: the ids every project needs, no campaigns. */
export const testProject = (overrides: Record<string, unknown> = {}): ProjectInput => ({
  projectId: 'test-project',
  accountId: 'test-account',
  revision: 1,
  ...overrides,
});

/**
 * Boots a real kernel with the chosen plugins, a fake clock and a recording console: the way plugin
 * tests (ours and third parties') run a plugin. Nothing is mocked but time and the console.
 *
 * @example
 * const t = bootKernel({ plugins: [timeline()] });
 * await t.settle();
 * expect(t.lifecycle()).toContain('activated');
 */
export const bootKernel = (options: BootKernelOptions = {}): TestKernel => {
  const clock = options.clock ?? createFakeClock();
  const logs: LogLine[] = [];
  const events: KernelEvent[] = [];
  const line =
    (level: LogLine['level']) =>
    (...parts: unknown[]) =>
      logs.push({ level, text: parts.slice(1).map((part) => (part instanceof Error ? part.message : String(part))).join(' ') });
  const kernel = createKernel({
    data: testProject(options.data),
    win: options.win,
    clock,
    logLevel: options.logLevel ?? 'DEBUG',
    console: { error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug') },
    queue: options.queue,
    prepare: options.validate === false ? undefined : prepareProject,
  });
  // Through the emitter module rather than a push, which would wait in the queue until init.
  const emitter = kernel.get('event_emitter') as { on(spec: ListenerSpec): string };
  for (const type of options.record ?? ['lifecycle', 'error']) {
    emitter.on({ filter: { type }, handler: (event) => void events.push(event) });
  }
  // Registered after the recorder, so errors from a plugin's setup are recorded too.
  options.plugins?.forEach(kernel.registerPlugin);
  if (options.start !== false) kernel.start();
  return {
    kernel,
    push: kernel.push,
    get: kernel.get,
    clock,
    events,
    logs,
    lifecycle: () => events.filter((event) => event.type === 'lifecycle').map((event) => event.name ?? ''),
    errors: () =>
      events
        .filter((event) => event.type === 'error')
        .map((event) => (event.data as { error?: Error } | undefined)?.error?.message ?? ''),
    settle: async () => {
      await flushPromises();
      await kernel.whenIdle();
      await flushPromises();
    },
  };
};
