/**
 * The storage-traits provider: `localStorage` and `sessionStorage` readers of the host page's own keys
 * (key -> stored text), for the local_storage and session_storage matchers (segResponse traits, analytics
 * user traits). Read when a matcher asks, so a trait written after load counts; unavailable storage
 * (private mode, sandbox) reads as absent.
 */
import { definePlugin, type PluginContext, type PluginOf } from '../../../core';
import type { StorageReader } from '../../../core/kinds/audiences';
import { safely } from '../_shared/page';

export default function storage(): PluginOf<'profileProvider'> {
  let ctx: PluginContext | undefined;
  const reader =
    (which: 'localStorage' | 'sessionStorage'): StorageReader =>
    (key) =>
      safely(() => ctx?.win?.[which].getItem(key) ?? undefined, undefined);
  const local = reader('localStorage');
  const session = reader('sessionStorage');
  return definePlugin({
    type: 'profileProvider',
    name: 'storage',
    fields: ['localStorage', 'sessionStorage'],
    setup: (context) => {
      ctx = context;
    },
    provide: () => ({ localStorage: local, sessionStorage: session }),
  });
}
