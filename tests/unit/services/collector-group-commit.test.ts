/**
 * TRK-39 group commit (services/collector/group-commit.ts): requests that arrive together are written in
 * one transaction, each answered with its own counts; a group that fails for a reason of its own is
 * written again one request at a time; an unreachable database fails the group at once. The writer here is
 * a recording stand-in for an engine, whose writes the test finishes by hand: the engines themselves are
 * tested against real databases in collector-store.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { TrackerBatch } from '../../../core/kinds/tracking';
import { type StoreResult, StoreUnavailableError } from '../../../services/collector/contract';
import { createGroupCommit, type GroupWriter } from '../../../services/collector/group-commit';
import type { AddRequest } from '../../../services/collector/rows';

/** A request of `events` events, named by its time of arrival. */
const request = (receivedAt: number, events = 1): AddRequest['batches'] => [
  {
    account_id: 'a',
    anonymize_ip: false,
    client_name: '',
    client_version: '',
    project_id: 'p',
    revision: '',
    enrich_decisions: false,
    // Spread over two visitors and snapshots, so every level of the count is used.
    visitors: [
      { visitor_id: 'v1', session_id: 'AUTO', attributes: [], snapshots: [{ decisions: [], events: Array.from({ length: Math.ceil(events / 2) }, () => ({}) as never) }] },
      {
        visitor_id: 'v2',
        session_id: 'AUTO',
        attributes: [],
        snapshots: [
          { decisions: [], events: [] },
          { decisions: [], events: Array.from({ length: Math.floor(events / 2) }, () => ({}) as never) },
        ],
      },
    ],
  } satisfies TrackerBatch,
];

interface Write {
  readonly group: number[];
  finish(fail?: unknown): void;
}

/** A writer that records each write (the arrival times of its requests) and lets the test finish it. */
function recordingWriter(concurrency: number, failFor: (receivedAt: number) => unknown = () => undefined) {
  const writes: Write[] = [];
  let waiting: (() => void) | undefined;
  const writer: GroupWriter = {
    concurrency,
    write: (group) =>
      new Promise<StoreResult[]>((resolve, reject) => {
        const times = group.map((item) => item.receivedAt);
        writes.push({
          group: times,
          finish: (fail = times.map(failFor).find(Boolean)) => (fail ? reject(fail) : resolve(times.map((t) => ({ accepted: t, duplicates: 0 })))),
        });
        waiting?.();
      }),
  };
  /** Resolves once `count` writes have started. */
  const started = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (writes.length >= count ? resolve() : (waiting = check));
      check();
    });
  return { writer, writes, started };
}

const settle = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

describe('collector group commit', () => {
  it('TRK-39 requests of one turn are written together, each answered with its own result in order', async () => {
    const { writer, writes, started } = recordingWriter(1);
    const add = createGroupCommit(writer);
    const answers = [add(request(1), 1), add(request(2), 2), add(request(3), 3)];
    await started(1);
    expect(writes.map((write) => write.group)).toEqual([[1, 2, 3]]);
    writes[0].finish();
    expect(await Promise.all(answers)).toEqual([1, 2, 3].map((t) => ({ accepted: t, duplicates: 0 })));
  });

  it('TRK-39 requests arriving during a write wait for it and then go together; the writer\'s concurrency bounds the writes in flight', async () => {
    const { writer, writes, started } = recordingWriter(2);
    const add = createGroupCommit(writer);
    const first = add(request(1), 1);
    await started(1);
    const second = add(request(2), 2);
    await started(2);
    // Two in flight: the next ones wait, whatever their number.
    const later = [add(request(3), 3), add(request(4), 4), add(request(5), 5)];
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes.map((write) => write.group)).toEqual([[1], [2]]);
    writes[1].finish();
    await started(3);
    expect(writes[2].group).toEqual([3, 4, 5]);
    writes[0].finish();
    writes[2].finish();
    expect((await Promise.all([first, second, ...later])).map((result) => result.accepted)).toEqual([1, 2, 3, 4, 5]);
  });

  it('TRK-39 a group holds at most 5,000 events: the request that would pass the bound starts the next group', async () => {
    const { writer, writes, started } = recordingWriter(1);
    const add = createGroupCommit(writer);
    const answers = [add(request(1, 2500), 1), add(request(2, 2500), 2), add(request(3, 1), 3), add(request(4, 4999), 4), add(request(5, 1), 5)];
    await started(1);
    expect(writes[0].group).toEqual([1, 2]);
    writes[0].finish();
    await started(2);
    expect(writes[1].group).toEqual([3, 4]);
    writes[1].finish();
    await started(3);
    expect(writes[2].group).toEqual([5]);
    writes[2].finish();
    expect(await Promise.all(answers)).toHaveLength(5);
  });

  it('TRK-39 a group that fails for a reason of its own is written again a request at a time: only the request that cannot be stored fails', async () => {
    const refused = new Error('value too long for the column');
    const { writer, writes, started } = recordingWriter(1, (t) => (t === 2 ? refused : undefined));
    const add = createGroupCommit(writer);
    const answers = [1, 2, 3].map((t) => settle(add(request(t), t)));
    await started(1);
    writes[0].finish();
    for (let i = 1; i <= 3; i += 1) {
      await started(i + 1);
      writes[i].finish();
    }
    expect(writes.map((write) => write.group)).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(await Promise.all(answers)).toEqual([{ value: { accepted: 1, duplicates: 0 } }, { error: refused }, { value: { accepted: 3, duplicates: 0 } }]);
  });

  it('TRK-39 an unreachable database fails the whole group at once (the senders keep their events); a lone request that fails is not written twice', async () => {
    const down = new StoreUnavailableError('the database is not answering');
    const { writer, writes, started } = recordingWriter(1);
    const add = createGroupCommit(writer);
    const group = [1, 2].map((t) => settle(add(request(t), t)));
    await started(1);
    writes[0].finish(down);
    expect(await Promise.all(group)).toEqual([{ error: down }, { error: down }]);
    const lone = settle(add(request(3), 3));
    await started(2);
    const broken = new Error('disk I/O error');
    writes[1].finish(broken);
    expect(await lone).toEqual({ error: broken });
    // After failures the queue still runs.
    const next = add(request(4), 4);
    await started(3);
    writes[2].finish();
    expect(await next).toEqual({ accepted: 4, duplicates: 0 });
    expect(writes.map((write) => write.group)).toEqual([[1, 2], [3], [4]]);
  });
});
