/**
 * The local and session storage plugins on real Web Storage in Chromium: prefix and JSON, a blocked
 * store, a full store (the quota really filled), corrupted JSON, and the visitor keeping its state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootKernel } from '../../../core/testing';
import type { VisitorModule } from '../../../core/kinds/visitor';
import visitor from '../../../plugins/modules/visitor';
import cookie from '../../../plugins/storage/cookie';
import local from '../../../plugins/storage/local';
import session from '../../../plugins/storage/session';
import { clearVaria, windowWith } from './helpers';

const FILLER = 'varia_test_filler_';

afterEach(() => {
  for (const key of Object.keys(localStorage)) if (key.startsWith(FILLER)) localStorage.removeItem(key);
  clearVaria();
});

/** Fills localStorage until the browser refuses more; returns how many filler keys it took. */
const fillLocalStorage = (): number => {
  let chunk = 'x'.repeat(1 << 20);
  let count = 0;
  while (chunk.length >= 16) {
    try {
      localStorage.setItem(FILLER + count, chunk);
      count++;
    } catch {
      chunk = chunk.slice(0, chunk.length / 2);
    }
  }
  return count;
};

describe('web storage in Chromium', () => {
  it('VIS-25 the visitor keeps profile, session state and behaviour in localStorage under varia_, as JSON', async () => {
    const t = bootKernel({ plugins: [local(), cookie(), visitor()], win: window });
    await t.settle();
    const v = t.get('visitor') as VisitorModule;
    t.push(['user', { plan: 'pro' }]);
    v.recordBehaviour({ name: 'signup' });
    // Writes reach localStorage right after the run that made them; the behaviour event joins the stored
    // list in a microtask after the run (not read inside it), and is stored in the same checkpoint.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(localStorage.getItem('varia_visitor_profile')!).attributes.plan.value).toBe('pro');
    expect(JSON.parse(localStorage.getItem('varia_session_state')!)).toEqual(v.session());
    expect(JSON.parse(localStorage.getItem('varia_behavior_events')!)[0].n).toBe('signup');
  });

  it('VIS-25 the session plugin keeps JSON in sessionStorage under varia_', async () => {
    const plugin = session();
    const t = bootKernel({ plugins: [plugin], win: window });
    await t.settle();
    expect(plugin.write('embedded_editor', true)).toBe(true);
    await Promise.resolve();
    expect(sessionStorage.getItem('varia_embedded_editor')).toBe('true');
    expect(plugin.read('embedded_editor')).toBe(true);
  });

  it('VIS-26 ERR-45 blocked storage: "Local storage is unavailable" once, and the visitor works in memory', async () => {
    const blocked = windowWith({
      localStorage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const t = bootKernel({ plugins: [local(), cookie(), visitor()], win: blocked });
    await t.settle();
    const v = t.get('visitor') as VisitorModule;
    t.push(['user', { plan: 'pro' }]);
    v.recordBehaviour({ name: 'a' });
    expect(v.attributes().plan.value).toBe('pro');
    expect(v.behaviourEvents()).toHaveLength(1);
    expect(v.identify()).toBe(true); // the cookie kept the id
    expect(t.errors()).toEqual(['Local storage is unavailable']);
  });

  it('VIS-26 a full localStorage (quota filled) keeps new values in memory and reports once; older values stay readable', async () => {
    const plugin = local();
    const t = bootKernel({ plugins: [plugin], win: window });
    await t.settle();
    expect(plugin.write('visitor_profile', { randomId: 'kept-1' })).toBe(true);
    await Promise.resolve();
    expect(fillLocalStorage()).toBeGreaterThan(0);
    const failed: string[] = [];
    // Accepted at once; refused when flushed right after this run, then kept in memory.
    expect(plugin.write('behavior_events', [{ n: 'x'.repeat(4096) }], { failed: (problem) => failed.push(problem) })).toBe(true);
    expect(plugin.write('session_state', { sessionId: 1, lastSessionTimestamp: 1 })).toBe(true);
    await Promise.resolve();
    expect(failed).toEqual(['Local storage is unavailable']);
    expect(plugin.read('behavior_events')).toEqual([{ n: 'x'.repeat(4096) }]);
    expect(plugin.read('visitor_profile')).toEqual({ randomId: 'kept-1' });
    expect(t.errors()).toEqual(['Local storage is unavailable']);
  });

  it('VIS-25 corrupted JSON is read as absent with a warning; the visitor keeps its other stored state', async () => {
    localStorage.setItem('varia_visitor_profile', JSON.stringify({ randomId: 'kept-2', attributes: { a: { value: 1, lastModified: 1 } } }));
    localStorage.setItem('varia_behavior_events', '[{"n":"half');
    const t = bootKernel({ plugins: [local(), cookie(), visitor()], win: window });
    await t.settle();
    const v = t.get('visitor') as VisitorModule;
    expect(v.randomId()).toBe('kept-2');
    expect(v.attributes().a.value).toBe(1);
    expect(v.behaviourEvents()).toEqual([]);
    expect(t.logs).toContainEqual({ level: 'warn', text: 'Ignored corrupted stored value "varia_behavior_events"' });
    expect(t.errors()).toEqual([]);
  });
});
