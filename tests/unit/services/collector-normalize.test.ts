/**
 * TRK-41 TRK-31..34 and ruling 12: what `POST /v1/events` accepts, what it fills in, and the reason a
 * refused body gets back (the 400's text names the very field, so a sender's developer can find it).
 */
import { describe, expect, it } from 'vitest';
import { DatabaseRefusedError, isDatabaseError, StoreUnavailableError } from '../../../services/collector/contract';
import { isPostgresAddress, openEventStore } from '../../../services/collector/store';
import { BatchError, MAX_AMOUNT, MAX_BATCHES, normalizeBody } from '../../../services/collector/normalize';

type Loose = Record<string, unknown>;

/** A batch with one visitor, one snapshot and one event; `change` edits it before it is sent. */
const batch = (change: (body: Loose & { visitor: Loose; snapshot: Loose; event: Loose }) => void = () => undefined): Loose => {
  const event: Loose = { entity_id: 'e1', type: 'custom', key: 'signup', timestamp: 1700000000000, uuid: 'u-1' };
  const snapshot: Loose = { decisions: [{ campaign_id: 'L1', experiment_id: 'X1', variation_id: 'V1' }], events: [event] };
  const visitor: Loose = { visitor_id: 'visitor-1', attributes: [{ key: 'plan', value: 'free' }], snapshots: [snapshot] };
  const body: Loose = { account_id: 'acc', project_id: 'p1', visitors: [visitor] };
  change(Object.assign(body, { visitor, snapshot, event }) as never);
  delete body.visitor;
  delete body.snapshot;
  delete body.event;
  return body;
};
const send = (body: unknown) => normalizeBody(JSON.stringify(body));
/** The reason a body is refused with (its 400's text); fails the test when it is accepted. */
const refusal = (body: unknown): string => {
  try {
    send(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BatchError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('collector: what a batch becomes', () => {
  it('TRK-41 the fields a sender may leave out get their defaults: flags off, empty client and revision, session AUTO, attribute type custom, ids null', () => {
    const [stored] = send(batch());
    expect(stored).toEqual({
      account_id: 'acc',
      anonymize_ip: false,
      client_name: '',
      client_version: '',
      project_id: 'p1',
      revision: '',
      enrich_decisions: false,
      visitors: [
        {
          visitor_id: 'visitor-1',
          session_id: 'AUTO',
          attributes: [{ entity_id: null, key: 'plan', type: 'custom', value: 'free' }],
          snapshots: [
            {
              decisions: [{ campaign_id: 'L1', experiment_id: 'X1', variation_id: 'V1', is_campaign_holdback: false, metadata: undefined }],
              events: [
                {
                  entity_id: 'e1',
                  key: 'signup',
                  timestamp: 1700000000000,
                  uuid: 'u-1',
                  type: 'custom',
                  tags: undefined,
                  revenue: undefined,
                  quantity: undefined,
                  value: undefined,
                  properties: undefined,
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('TRK-41 the flags are on only when sent as true (not "true", not 1); what is given is kept', () => {
    const [on] = send(batch((b) => Object.assign(b, { anonymize_ip: true, enrich_decisions: true, client_name: 'varia', client_version: '1.2', revision: '42' })));
    expect(on).toMatchObject({ anonymize_ip: true, enrich_decisions: true, client_name: 'varia', client_version: '1.2', revision: '42' });
    const [loose] = send(batch((b) => Object.assign(b, { anonymize_ip: 'true', enrich_decisions: 1 })));
    expect(loose).toMatchObject({ anonymize_ip: false, enrich_decisions: false });
    const [session] = send(batch((b) => Object.assign(b.visitor, { session_id: 's-9' })));
    expect(session.visitors[0].session_id).toBe('s-9');
  });

  it('TRK-41 a visitor without attributes and a snapshot without decisions are accepted as empty lists; a decision without experiment or variation keeps null', () => {
    const [stored] = send(batch((b) => {
      delete b.visitor.attributes;
      b.snapshot.decisions = [{ campaign_id: 'L1' }];
    }));
    expect(stored.visitors[0].attributes).toEqual([]);
    expect(stored.visitors[0].snapshots[0].decisions).toEqual([{ campaign_id: 'L1', experiment_id: null, variation_id: null, is_campaign_holdback: false, metadata: undefined }]);
    const [none] = send(batch((b) => delete b.snapshot.decisions));
    expect(none.visitors[0].snapshots[0].decisions).toEqual([]);
  });

  it('TRK-31 null stands for absent: null amounts, tags, properties, metadata and optional ids are accepted as not given', () => {
    const [stored] = send(batch((b) => {
      Object.assign(b.event, { revenue: null, quantity: null, value: null, tags: null, properties: null, entity_id: null, key: null });
      b.snapshot.decisions = [{ campaign_id: 'L1', experiment_id: null, variation_id: null, metadata: null }];
      Object.assign(b, { client_name: null, revision: null });
    }));
    expect(stored).toMatchObject({ client_name: '', revision: '' });
    expect(stored.visitors[0].snapshots[0].events[0]).toMatchObject({ revenue: undefined, quantity: undefined, value: undefined, tags: undefined, properties: undefined, entity_id: null, key: undefined });
    expect(stored.visitors[0].snapshots[0].decisions[0]).toEqual({ campaign_id: 'L1', experiment_id: null, variation_id: null, is_campaign_holdback: false, metadata: undefined });
  });

  it('TRK-31 numbers given where text is expected are kept as text; amounts up to the limit are kept, either sign', () => {
    const [stored] = send(batch((b) => {
      b.visitor.visitor_id = 12;
      Object.assign(b.event, { uuid: 7, revenue: -MAX_AMOUNT, quantity: MAX_AMOUNT, value: 0.5, tags: { a: 1 }, properties: { b: 2 } });
      b.snapshot.decisions = [{ campaign_id: 'L1', is_campaign_holdback: 1, metadata: { m: 1 } }];
    }));
    const visitor = stored.visitors[0];
    expect(visitor.visitor_id).toBe('12');
    expect(visitor.snapshots[0].events[0]).toMatchObject({ uuid: '7', revenue: -MAX_AMOUNT, quantity: MAX_AMOUNT, value: 0.5, tags: { a: 1 }, properties: { b: 2 } });
    expect(visitor.snapshots[0].decisions[0]).toMatchObject({ is_campaign_holdback: true, metadata: { m: 1 } });
  });

  it('TRK-32 TRK-33 TRK-34 short keys (ruling 12) give the long names; a long name sent beside its short key wins', () => {
    const [stored] = send(batch((b) => {
      b.visitor.attributes = [{ e: 'ent', k: 'plan', t: 'custom', v: 'pro' }];
      b.snapshot.decisions = [{ c: 'L1', x: 'X1', v: 'V1', h: true, m: { why: 'rule' } }];
      b.snapshot.events = [{ e: 'e1', k: 'buy', q: 2, $: 1999, a: { t: 1 }, p: { p: 1 }, t: 5, u: 'u-2', v: 3, y: 'custom', key: 'long wins' }];
    }));
    const visitor = stored.visitors[0];
    expect(visitor.attributes).toEqual([{ entity_id: 'ent', key: 'plan', type: 'custom', value: 'pro' }]);
    expect(visitor.snapshots[0].decisions).toEqual([{ campaign_id: 'L1', experiment_id: 'X1', variation_id: 'V1', is_campaign_holdback: true, metadata: { why: 'rule' } }]);
    expect(visitor.snapshots[0].events).toEqual([
      { entity_id: 'e1', key: 'long wins', quantity: 2, revenue: 1999, tags: { t: 1 }, properties: { p: 1 }, timestamp: 5, uuid: 'u-2', value: 3, type: 'custom' },
    ]);
  });

  it('TRK-30 a list of batches is read in order, up to the limit', () => {
    const list = Array.from({ length: MAX_BATCHES }, (_, index) => batch((b) => (b.project_id = `p${index}`)));
    expect(send(list).map((stored) => stored.project_id)).toEqual(list.map((body) => body.project_id));
  });
});

describe('collector: the reason a refused body gets back', () => {
  const cases: Array<[string, unknown, string]> = [
    ['an empty list', [], 'body holds no batch'],
    ['too many batches', Array.from({ length: MAX_BATCHES + 1 }, () => batch()), `body holds more than ${MAX_BATCHES} batches`],
    ['a batch that is a list item other than an object', [batch(), 3], 'batch[1] must be an object'],
    ['no visitors', batch((b) => delete b.visitors), 'batch.visitors must be an array'],
    ['an empty visitor list', batch((b) => (b.visitors = [])), 'batch.visitors must not be empty'],
    ['no account', batch((b) => delete b.account_id), 'batch.account_id must be a non-empty string'],
    ['no project', batch((b) => delete b.project_id), 'batch.project_id must be a non-empty string'],
    ['an empty client name', batch((b) => (b.client_name = '')), 'batch.client_name must be a non-empty string'],
    ['a client version that is an object', batch((b) => (b.client_version = {})), 'batch.client_version must be a non-empty string'],
    ['a revision of 501 characters', batch((b) => (b.revision = 'r'.repeat(501))), 'batch.revision must be a non-empty string'],
    ['a visitor id holding NUL', batch((b) => (b.visitor.visitor_id = 'a\u0000b')), 'batch.visitors[0].visitor_id must not contain the NUL character (U+0000)'],
    ['a visitor id of true, in the second batch of a list', [batch(), batch((b) => (b.visitor.visitor_id = true))], 'batch[1].visitors[0].visitor_id must be a non-empty string'],
    ['an empty session id', batch((b) => (b.visitor.session_id = '')), 'batch.visitors[0].session_id must be a non-empty string'],
    ['attributes that are not a list', batch((b) => (b.visitor.attributes = {})), 'batch.visitors[0].attributes must be an array'],
    ['an attribute without key', batch((b) => (b.visitor.attributes = [{ value: 1 }])), 'batch.visitors[0].attributes[0].key must be a non-empty string'],
    ['an attribute with an empty entity', batch((b) => (b.visitor.attributes = [{ key: 'k', entity_id: '' }])), 'batch.visitors[0].attributes[0].entity_id must be a non-empty string'],
    ['an attribute with an empty type', batch((b) => (b.visitor.attributes = [{ key: 'k', type: '' }])), 'batch.visitors[0].attributes[0].type must be a non-empty string'],
    ['no snapshots', batch((b) => delete b.visitor.snapshots), 'batch.visitors[0].snapshots must be an array'],
    ['decisions that are not a list', batch((b) => (b.snapshot.decisions = 'L1')), 'batch.visitors[0].snapshots[0].decisions must be an array'],
    ['a decision without campaign', batch((b) => (b.snapshot.decisions = [{}])), 'batch.visitors[0].snapshots[0].decisions[0].campaign_id must be a non-empty string'],
    ['a decision with an empty experiment', batch((b) => (b.snapshot.decisions = [{ c: 'L', x: '' }])), 'batch.visitors[0].snapshots[0].decisions[0].experiment_id must be a non-empty string'],
    ['a decision with an empty variation', batch((b) => (b.snapshot.decisions = [{ c: 'L', v: '' }])), 'batch.visitors[0].snapshots[0].decisions[0].variation_id must be a non-empty string'],
    ['decision metadata that is a list', batch((b) => (b.snapshot.decisions = [{ c: 'L', m: [] }])), 'batch.visitors[0].snapshots[0].decisions[0].metadata must be an object'],
    ['no events', batch((b) => delete b.snapshot.events), 'batch.visitors[0].snapshots[0].events must be an array'],
    ['an event without timestamp', batch((b) => delete b.event.timestamp), 'batch.visitors[0].snapshots[0].events[0].timestamp must be a number'],
    ['a timestamp that is text', batch((b) => (b.event.timestamp = '5')), 'batch.visitors[0].snapshots[0].events[0].timestamp must be a number'],
    ['an event without uuid', batch((b) => delete b.event.uuid), 'batch.visitors[0].snapshots[0].events[0].uuid must be a non-empty string'],
    ['an event without type', batch((b) => delete b.event.type), 'batch.visitors[0].snapshots[0].events[0].type must be a non-empty string'],
    ['an event with an empty entity', batch((b) => (b.event.entity_id = '')), 'batch.visitors[0].snapshots[0].events[0].entity_id must be a non-empty string'],
    ['an event with an empty key', batch((b) => (b.event.key = '')), 'batch.visitors[0].snapshots[0].events[0].key must be a non-empty string'],
    ['tags that are text', batch((b) => (b.event.tags = 'a')), 'batch.visitors[0].snapshots[0].events[0].tags must be an object'],
    ['properties that are a list', batch((b) => (b.event.properties = [1])), 'batch.visitors[0].snapshots[0].events[0].properties must be an object'],
    ['revenue past the limit', batch((b) => (b.event.revenue = MAX_AMOUNT * 10)), `batch.visitors[0].snapshots[0].events[0].revenue must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}`],
    ['a quantity below minus the limit', batch((b) => (b.event.quantity = -MAX_AMOUNT * 10)), `batch.visitors[0].snapshots[0].events[0].quantity must be between -${MAX_AMOUNT} and ${MAX_AMOUNT}`],
    ['a value that is text', batch((b) => (b.event.value = '3')), 'batch.visitors[0].snapshots[0].events[0].value must be a number'],
  ];
  it.each(cases)('TRK-41 %s', (_, body, reason) => {
    expect(refusal(body)).toBe(reason);
  });

  it('TRK-41 a body that is not JSON is named so (not a parser\'s message)', () => {
    expect(() => normalizeBody('{')).toThrow(new BatchError('body is not JSON'));
  });

  it('TRK-41 text of 500 characters is accepted, 501 refused; NUL is refused anywhere in it', () => {
    expect(send(batch((b) => (b.visitor.visitor_id = 'v'.repeat(500))))[0].visitors[0].visitor_id).toHaveLength(500);
    expect(refusal(batch((b) => (b.visitor.visitor_id = 'v'.repeat(501))))).toBe('batch.visitors[0].visitor_id must be a non-empty string');
    expect(refusal(batch((b) => (b.event.type = 'custom\u0000')))).toBe('batch.visitors[0].snapshots[0].events[0].type must not contain the NUL character (U+0000)');
  });
});

describe('collector: database errors', () => {
  it('TRK-42 an unreachable or refusing database is an error whose message is the whole story, under its own name; any other error is not', () => {
    const down = new StoreUnavailableError('PostgreSQL at 127.0.0.1:5432 is not answering');
    const refused = new DatabaseRefusedError('password authentication failed for user "varia"');
    expect([down.name, refused.name]).toEqual(['StoreUnavailableError', 'DatabaseRefusedError']);
    expect([isDatabaseError(down), isDatabaseError(refused)]).toEqual([true, true]);
    expect([isDatabaseError(new Error('boom')), isDatabaseError(new BatchError('x')), isDatabaseError('down'), isDatabaseError(undefined)]).toEqual([false, false, false, false]);
  });
});

describe('collector: which database an address names', () => {
  it('TRK-42 postgres:// and postgresql:// (any case) name PostgreSQL; anything else is a SQLite file, even one named postgres', async () => {
    expect(['postgres://db/x', 'postgresql://db/x', 'POSTGRES://db/x', 'PostgreSQL://u@h:5/d'].map(isPostgresAddress)).toEqual([true, true, true, true]);
    expect(['postgres.sqlite', './postgres://x', 'postgres:/x', 'mysql://db/x', ''].map(isPostgresAddress)).toEqual([false, false, false, false, false]);
    const memory = await openEventStore();
    expect(memory.engine).toBe('libsql');
    await memory.close();
  });
});
