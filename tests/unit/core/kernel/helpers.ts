/**
 * Small helpers shared by the kernel tests. Not a test file: only what several files need.
 */
import type { KernelEvent, Plugin, PluginContext, PluginOf, PluginType } from '../../../../core';

/** A plugin of a kind with no contract of its own ('tracker'), so a test can give it only a setup. */
export const probePlugin = (name: string, setup?: (ctx: PluginContext) => void | (() => void), extra: Partial<Plugin> = {}): Plugin =>
  ({ type: 'tracker', name, setup, ...extra }) as Plugin;

/** A plugin of any kind, typed loosely (tests register odd shapes on purpose). */
export const pluginOf = <T extends PluginType>(plugin: Partial<PluginOf<T>> & { type: T; name: string }): Plugin =>
  plugin as unknown as Plugin;

/** A plugin whose setup hands its context out, so a test can drive the kernel as a plugin would. */
export const contextPlugin = (name = 'ctx-probe'): { plugin: Plugin; ctx: () => PluginContext } => {
  let captured: PluginContext | undefined;
  return {
    plugin: probePlugin(name, (ctx) => void (captured = ctx)),
    ctx: () => {
      if (!captured) throw new Error('setup was not called');
      return captured;
    },
  };
};

/** A console that records what it is given, with the level each line went to. */
export const recordingConsole = () => {
  const lines: Array<{ level: 'error' | 'warn' | 'info' | 'debug'; parts: unknown[] }> = [];
  const at =
    (level: 'error' | 'warn' | 'info' | 'debug') =>
    (...parts: unknown[]) =>
      void lines.push({ level, parts });
  return { console: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') }, lines };
};

/** The message of an error event's wrapped error. */
export const errorOf = (event: KernelEvent): Error => (event.data as { error: Error }).error;

/** A promise with its resolve and reject functions outside. */
export const deferred = <T = void>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};
