/**
 * The QA log plugin (plugins/modules/qa-log/index.ts) on a real kernel: which runtime events it explains,
 * and that it writes nothing below INFO. The explanations' wording is pinned by explain.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, MODULES } from '../../../../../core';
import { definePlugin } from '../../../../../core/define';
import { bootKernel } from '../../../../../core/testing';
import qaLog from '../../../../../plugins/modules/qa-log';

const DATA = {
  layers: [{ id: 'L', policy: 'single_experiment', experiments: [{ id: 'E', audienceIds: [], variations: [{ id: 'V', actions: [{ id: 'A', pageId: 'home', changes: [{ id: 'c1', type: 'custom_code' }] }] }] }] }],
  events: [{ id: 'ev', apiName: 'signup' }],
};

/** Stand-ins for the controls and changes modules: a forced id the project lacks, and the change states. */
const controls = definePlugin({ type: 'apiModule', name: MODULES.controls, create: () => ({ forcedVariationIds: () => ['missing'] }) as never });
const changes = definePlugin({ type: 'apiModule', name: MODULES.changes, create: () => ({ changeStates: () => ({ c1: 'applied' }) }) as never });

/** Boots the QA log at `logLevel`, emits one event of each kind it explains, and returns what was logged at INFO and WARN. */
const run = (logLevel: string) => {
  const t = bootKernel({ plugins: [controls, changes, qaLog()], data: DATA as never, validate: false, logLevel });
  const emitter = t.get('event_emitter') as { emit(event: unknown): void };
  const decision = { layerId: 'L', experimentId: 'E', variationId: 'V', isLayerHoldback: false, reason: 'sticky' };
  emitter.emit({ type: 'lifecycle', name: 'layerDecided', data: { decision, decisionTicket: { bucketingId: 'b', audienceIds: [] }, pendingRedirect: false } });
  emitter.emit({ type: EVENT_TYPES.action, name: 'applied', data: { layerId: 'L', experimentId: 'E', variationId: 'V', pageId: 'home' } });
  emitter.emit({ type: EVENT_TYPES.tracking, name: 'eventTracked', data: { name: 'signup', type: 'custom' } });
  emitter.emit({ type: EVENT_TYPES.tracking, name: 'redirectDecision', data: { layerId: 'L', experimentId: 'E', variationId: 'V' } });
  return t.logs.filter((line) => line.level === 'info' || line.level === 'warn').map((line) => line.text);
};

describe('QA log plugin', () => {
  it('KRN-39 at INFO it explains a decision, an applied action with its change states, a tracked event, a relayed decision and unknown forced ids', () => {
    const lines = run('INFO');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringContaining('Forced variation "missing" is unknown'),
        expect.stringContaining('Decision for layer L: experiment E, variation V, sticky'),
        'Change c1 (custom_code) of variation V on page home: applied',
        'Event signup (custom) tracked and queued to send',
        'Decision for layer L relayed from the redirecting page: experiment E, variation V',
      ]),
    );
  });

  it('KRN-39 below INFO it explains nothing, not even the unknown forced ids it would warn about', () => {
    const lines = run('WARN');
    expect(lines.filter((line) => /Decision|Change|Event|Forced/.test(line))).toEqual([]);
  });
});
