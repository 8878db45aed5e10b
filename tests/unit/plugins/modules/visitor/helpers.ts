/**
 * Test helpers for the visitor plugin in Node. `memoryStorage` is a small stand-in storage plugin
 * (a Map) registered under a storage name, used where the real `local`/`cookie` plugins would need a
 * browser; the real ones are tested in tests/browser/visitor/.
 */
import { definePlugin, type PluginOf } from '../../../../../core';
import { bootKernel, type BootKernelOptions, type TestKernel } from '../../../../../core/testing';
import type { VisitorModule } from '../../../../../core/kinds/visitor';
import visitor from '../../../../../plugins/modules/visitor';

/** A stand-in storage plugin: values in a Map under the prefixed key; `failing` makes every write fail. */
export const memoryStorage = (name: string, options: { failing?: boolean; values?: Map<string, unknown> } = {}) => {
  const values = options.values ?? new Map<string, unknown>();
  const key = (k: string) => (k.startsWith('varia_') ? k : `varia_${k}`);
  const plugin: PluginOf<'storage'> = definePlugin({
    type: 'storage',
    name,
    read: (k) => values.get(key(k)),
    write: (k, v) => {
      if (options.failing) return false;
      values.set(key(k), v);
      return true;
    },
    remove: (k) => void values.delete(key(k)),
  });
  return { plugin, values };
};

/** Boots a kernel with memory `local` and `cookie` stand-ins and the visitor plugin. */
export const bootVisitor = (options: BootKernelOptions & { local?: Map<string, unknown>; cookies?: Map<string, unknown> } = {}) => {
  const local = memoryStorage('local', { values: options.local });
  const cookie = memoryStorage('cookie', { values: options.cookies });
  const t: TestKernel = bootKernel({ ...options, plugins: options.plugins ?? [local.plugin, cookie.plugin, visitor()] });
  return { ...t, local: local.values, cookies: cookie.values, visitor: () => t.get('visitor') as VisitorModule };
};
