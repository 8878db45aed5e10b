/**
 * Group commit, for both engines: the requests that arrive while earlier ones are being written wait
 * and are then written together, in one transaction with one sync to disk, each answered with its own
 * counts once that transaction is committed. Under load most of a commit's cost (the sync of the log)
 * is shared; a lone request is written at once. A group that fails for a reason of its own (not an
 * unreachable database) is written again one request at a time, so one request that cannot be stored
 * does not fail those that arrived with it.
 */
import { type StoreResult, StoreUnavailableError } from './contract';
import type { AddRequest } from './rows';

/** How an engine writes a group. */
export interface GroupWriter {
  /** Groups written at the same time: 1 for libsql (one writer), a few for PostgreSQL (pooled connections). */
  readonly concurrency: number;
  /** Writes the requests in one transaction; resolves once committed, with each request's counts in order. */
  write(group: readonly AddRequest[]): Promise<StoreResult[]>;
}

/** Events in one group at most: a statement stays a size the database handles in one go. */
const MAX_GROUP_EVENTS = 5000;

interface Pending extends AddRequest {
  readonly events: number;
  resolve(result: StoreResult): void;
  reject(error: unknown): void;
}

const countEvents = ({ batches }: AddRequest) =>
  batches.reduce((sum, batch) => sum + batch.visitors.reduce((n, visitor) => n + visitor.snapshots.reduce((m, snapshot) => m + snapshot.events.length, 0), 0), 0);

/** Creates the engine's `add`: resolves once the request's events are committed (with others, when they arrived together). */
export function createGroupCommit(writer: GroupWriter): (batches: AddRequest['batches'], receivedAt: number) => Promise<StoreResult> {
  let queue: Pending[] = [];
  let inFlight = 0;

  const run = async (group: Pending[]) => {
    try {
      (await writer.write(group)).forEach((result, i) => group[i].resolve(result));
    } catch (error) {
      if (group.length == 1 || error instanceof StoreUnavailableError) return group.forEach((item) => item.reject(error));
      for (const item of group) await writer.write([item]).then(([result]) => item.resolve(result), item.reject);
    }
  };
  const pump = () => {
    while (inFlight < writer.concurrency && queue.length) {
      let events = queue[0].events;
      let size = 1;
      while (size < queue.length && events + queue[size].events <= MAX_GROUP_EVENTS) events += queue[size++].events;
      const group = queue.slice(0, size);
      queue = queue.slice(size);
      inFlight++;
      void run(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  };
  return (batches, receivedAt) =>
    new Promise((resolve, reject) => {
      // Requests that arrive in the same turn of the event loop join one group.
      // Stryker disable next-line ConditionalExpression: a pump more is harmless (it finds the queue taken or the writes in flight), only wasted
      if (!queue.length) setImmediate(pump);
      const request = { batches, receivedAt };
      queue.push({ ...request, events: countEvents(request), resolve, reject });
    });
}
