import { describe, expect, it } from 'vitest';
import { SESSION_GAP_MS } from '../../../../../plugins/modules/visitor/sessions';
import { bootVisitor } from './helpers';

const MINUTE = 60000;

describe('visitor sessions (runtime-spec §4, ruling 9)', () => {
  it('VIS-4 VIS-13 a session has sessionId (time of its first event) and lastSessionTimestamp', async () => {
    const t = bootVisitor();
    await t.settle();
    const start = t.clock.now();
    const session = t.visitor().session();
    expect(session).toEqual({ sessionId: start, lastSessionTimestamp: start });
    expect(t.local.get('varia_session_state')).toEqual(session);
  });

  it('VIS-12 VIS-15 events less than 30 minutes apart share the session, and each use refreshes the timestamp', async () => {
    const t = bootVisitor();
    await t.settle();
    const first = t.visitor().session();
    t.clock.tick(29 * MINUTE);
    const second = t.visitor().session();
    t.clock.tick(29 * MINUTE); // 58 minutes after the start, but 29 after the last use
    const third = t.visitor().session();
    expect(second.sessionId).toBe(first.sessionId);
    expect(third.sessionId).toBe(first.sessionId);
    expect(third.lastSessionTimestamp).toBe(first.sessionId + 58 * MINUTE);
  });

  it('VIS-14 VIS-20 a gap of more than, or exactly, 30 minutes starts a new session whose id is the new time', async () => {
    const t = bootVisitor();
    await t.settle();
    const first = t.visitor().session();
    t.clock.tick(SESSION_GAP_MS - 1);
    expect(t.visitor().session().sessionId).toBe(first.sessionId);
    t.clock.tick(SESSION_GAP_MS); // exactly 30 minutes after the last use: ruling 9 says new session
    const next = t.visitor().session();
    expect(next.sessionId).toBe(t.clock.now());
    expect(next.sessionId).not.toBe(first.sessionId);
    t.clock.tick(SESSION_GAP_MS + 1);
    expect(t.visitor().session().sessionId).toBe(t.clock.now());
  });

  it('VIS-14 the session survives a new page (kernel) through storage, until the gap passes', async () => {
    const local = new Map<string, unknown>();
    const a = bootVisitor({ local });
    await a.settle();
    const first = a.visitor().session();
    a.clock.tick(10 * MINUTE);
    const b = bootVisitor({ local, clock: a.clock });
    await b.settle();
    expect(b.visitor().session().sessionId).toBe(first.sessionId);
  });

  it('VIS-16 VIS-17 the current session has index 0, older sessions -1, -2 by recency', async () => {
    const t = bootVisitor();
    await t.settle();
    const v = t.visitor();
    v.recordBehaviour({ name: 'oldest' });
    t.clock.tick(40 * MINUTE);
    v.recordBehaviour({ name: 'older' });
    t.clock.tick(31 * MINUTE);
    v.recordBehaviour({ name: 'current-a' });
    t.clock.tick(MINUTE);
    v.recordBehaviour({ name: 'current-b' });
    expect(v.behaviourEvents().map((e) => [e.n, e.si])).toEqual([
      ['oldest', -2],
      ['older', -1],
      ['current-a', 0],
      ['current-b', 0],
    ]);
    // Once the last event is more than 30 minutes old, its session is older too.
    t.clock.tick(31 * MINUTE);
    expect(v.behaviourEvents().map((e) => e.si)).toEqual([-3, -2, -1, -1]);
  });

  it('VIS-18 the first-session flag: true with no events or when the earliest event is in the current session', async () => {
    const t = bootVisitor();
    await t.settle();
    const v = t.visitor();
    expect(v.isFirstSession()).toBe(true);
    v.recordBehaviour({ name: 'a' });
    t.clock.tick(10 * MINUTE);
    expect(v.isFirstSession()).toBe(true);
    t.clock.tick(SESSION_GAP_MS + 1);
    expect(v.isFirstSession()).toBe(false);
  });
});
