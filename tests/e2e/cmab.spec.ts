/**
 * The contextual bandit with the whole runtime (tests/fixtures/projects/e2e-cmab, standard preset, demo page
 * /demo/e2e-cmab) against the real prediction endpoint of the local services (`POST /predict/:experimentId`,
 * Thompson sampling). The prediction request is watched with page.on('request'/'response'), unaltered.
 * Only the failure cases replace the endpoint's answer (page.route): a 500, text that is not JSON, no
 * predictions, a variation the experiment does not have. Normal bucketing gives every visitor `var-a`,
 * so a fallback shows as `Headline A` with a reason other than `cmab`.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import type { VariaApi } from '../support/varia-page';

const DEMO = '/demo/e2e-cmab';
const PREDICT = '**/predict/**';
const HEADLINES: Record<string, string> = { 'var-a': 'Headline A', 'var-b': 'Headline B', 'var-c': 'Headline C' };

interface Decision {
  experimentId: string | null;
  variationId: string | null;
  reason?: string | null;
}

/** Queues, before the snippet loads, the custom attribute the bandit sends (`plan`). */
const queueAttribute = (page: Page) =>
  page.addInitScript(() => {
    (window as unknown as { varia: unknown[] }).varia = [['user', { plan: 'pro' }]];
  });

/** Records every prediction request the page makes. */
const watchPredictions = (page: Page): Request[] => {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/predict/')) requests.push(request);
  });
  return requests;
};

/** The layer's decision once the layer is decided. */
const decisionOf = async (page: Page): Promise<Decision> => {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const api = (window as unknown as { varia: VariaApi | unknown[] }).varia;
        if (Array.isArray(api)) return false;
        const states = (api.get('decisions') as { layerStates(): Record<string, { decision: Decision }> }).layerStates();
        return !!states['layer-cmab'];
      }),
    )
    .toBe(true);
  return page.evaluate(
    () =>
      ((window as unknown as { varia: VariaApi }).varia.get('decisions') as { layerStates(): Record<string, { decision: Decision }> }).layerStates()['layer-cmab']
        .decision,
  );
};

const visitorIdOf = (page: Page): Promise<string> =>
  page.evaluate(() => ((window as unknown as { varia: VariaApi }).varia.get('visitor') as { id(): string }).id());

test.describe('contextual bandit against the prediction endpoint', () => {
  test('CMAB-1 CMAB-2 CMAB-3 CMAB-4 CMAB-5 CMAB-10 CMAB-15 the variation comes from the prediction endpoint and the stored prediction is reused on reload', async ({
    page,
    baseURL,
    pageProblems,
  }) => {
    await queueAttribute(page);
    const requests = watchPredictions(page);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/predict/exp-cmab');
    await page.goto(DEMO);
    const response = await answered;

    // CMAB-2: one POST per experiment, to {host}/predict/{experimentId}; the host is the page's origin.
    expect(requests).toHaveLength(1);
    expect(requests[0].method()).toBe('POST');
    expect(requests[0].url()).toBe(`${baseURL}/predict/exp-cmab`);
    // CMAB-3, CMAB-4: the body's shape.
    const body = JSON.parse(requests[0].postData() ?? '{}') as { instances: Array<Record<string, unknown>> };
    expect(Object.keys(body)).toEqual(['instances']);
    expect(body.instances).toHaveLength(1);
    const instance = body.instances[0];
    expect(Object.keys(instance).sort()).toEqual(['attributes', 'cmabUUID', 'dcpCustomerIds', 'dcpServiceId', 'experimentId', 'variationIds', 'visitorId']);
    expect(instance).toMatchObject({
      visitorId: await visitorIdOf(page),
      experimentId: 'exp-cmab',
      variationIds: ['var-a', 'var-b', 'var-c'],
      dcpCustomerIds: [],
      dcpServiceId: null,
    });
    expect(typeof instance.cmabUUID).toBe('string');
    expect(instance.attributes).toEqual([{ id: 'attr-plan', type: 'custom_attribute', value: 'pro', client_api_name: 'plan' }]);

    // CMAB-1, CMAB-5: a 200 answer's predictions[0].variation_id is the variation, and it is applied.
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as { predictions: Array<{ variation_id: string; cmabUUID: string }> };
    const predicted = answer.predictions[0].variation_id;
    expect(answer.predictions[0].cmabUUID).toBe(instance.cmabUUID);
    expect(await decisionOf(page)).toMatchObject({ experimentId: 'exp-cmab', variationId: predicted, reason: 'cmab' });
    await expect(page.locator('#demo-headline')).toHaveText(HEADLINES[predicted]);

    // CMAB-10: a reload reuses the stored prediction: no second request, same variation.
    await page.reload();
    expect(await decisionOf(page)).toMatchObject({ variationId: predicted, reason: 'cmab' });
    await expect(page.locator('#demo-headline')).toHaveText(HEADLINES[predicted]);
    expect(requests).toHaveLength(1);

    // Still reused 29 minutes after its last use (the page's clock moved on, timers untouched).
    const touched = Date.now() + 29 * 60 * 1000;
    await page.clock.setFixedTime(touched);
    await page.reload();
    expect(await decisionOf(page)).toMatchObject({ variationId: predicted, reason: 'cmab' });
    expect(requests).toHaveLength(1);
    // CMAB-15: 31 minutes after that last use it has expired and a new prediction is requested.
    await page.clock.setFixedTime(touched + 31 * 60 * 1000);
    await page.reload();
    await expect.poll(() => requests.length).toBe(2);
    expect((await decisionOf(page)).reason).toBe('cmab');

    expect(pageProblems.pageErrors).toEqual([]);
    expect(pageProblems.consoleErrors).toEqual([]);
    expect(pageProblems.failedRequests).toEqual([]);
  });

  const failures: Array<{ ids: string; what: string; answer: { status: number; body: string } }> = [
    { ids: 'CMAB-6', what: 'a 500 answer', answer: { status: 500, body: '{"error":"down"}' } },
    { ids: 'CMAB-7', what: 'an answer that is not JSON', answer: { status: 200, body: 'garbage{' } },
    { ids: 'CMAB-8', what: 'an answer with no predictions', answer: { status: 200, body: '{"predictions":[]}' } },
    { ids: 'CMAB-9', what: 'a predicted variation the experiment does not have', answer: { status: 200, body: '{"predictions":[{"variation_id":"var-unknown","cmabUUID":"x"}]}' } },
  ];
  for (const { ids, what, answer } of failures) {
    test(`${ids} ${what} silently falls back to normal bucketing`, async ({ page, pageProblems }) => {
      await queueAttribute(page);
      const requests = watchPredictions(page);
      await page.route(PREDICT, (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }));
      await page.goto(DEMO);
      expect(await decisionOf(page)).toMatchObject({ experimentId: 'exp-cmab', variationId: 'var-a' });
      expect((await decisionOf(page)).reason).not.toBe('cmab');
      await expect(page.locator('#demo-headline')).toHaveText('Headline A');
      expect(requests).toHaveLength(1);
      // Silent: nothing thrown into the page, no error event.
      expect(pageProblems.pageErrors).toEqual([]);
      const errors = await page.evaluate(() =>
        ((window as unknown as { varia: VariaApi }).varia.get('timeline') as { entries(): Array<{ type: string }> })
          .entries()
          .filter((entry) => entry.type === 'error'),
      );
      expect(errors).toEqual([]);
      // Nothing stored: the next load asks again.
      await page.reload();
      await expect.poll(() => requests.length).toBe(2);
    });
  }
});

/**
 * The same bandit on pages that replaced built-ins the runtime must not rely on (KRN-9: nothing thrown into
 * the page, the runtime keeps working). Each case runs its script before the snippet, then the bandit must
 * still decide from the real endpoint (the request body well formed), and a reload with equal attributes
 * must reuse the stored prediction (the attribute hash is the same, CMAB-14).
 */
const HOSTILE_PAGES: Array<{ what: string; script: string; attributeValue: unknown }> = [
  {
    what: 'JSON.stringify replaced (another text on every call)',
    script: `JSON.stringify = function () { return 'page text ' + Math.random(); };
      window.varia = [['user', { plan: 'pro' }]];`,
    attributeValue: 'pro',
  },
  {
    what: 'Array.prototype.toJSON defined (Prototype.js)',
    script: `Array.prototype.toJSON = function () { return 'array as text'; };
      window.varia = [['user', { plan: ['pro', 'team'] }]];`,
    attributeValue: ['pro', 'team'],
  },
  {
    what: 'Object.prototype.toJSON defined',
    script: `Object.defineProperty(Object.prototype, 'toJSON', { configurable: true, writable: true, value: function () { return 'object as text'; } });
      window.varia = [['user', { plan: { tier: 'pro' } }]];`,
    attributeValue: { tier: 'pro' },
  },
  {
    what: 'an attribute value holding a cycle',
    script: `var plan = { tier: 'pro' }; plan.self = plan;
      window.varia = [['user', { plan: plan }]];`,
    attributeValue: { tier: 'pro' },
  },
];

test.describe('contextual bandit on a page that replaced built-ins', () => {
  for (const { what, script, attributeValue } of HOSTILE_PAGES) {
    test(`KRN-9 CMAB-3 CMAB-4 CMAB-5 CMAB-14 with ${what}, the bandit still decides and reuses its prediction for equal attributes`, async ({
      page,
      pageProblems,
    }) => {
      await page.addInitScript(script);
      const requests = watchPredictions(page);
      const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/predict/exp-cmab');
      await page.goto(DEMO);
      const response = await answered;
      // The body is JSON of the spec's shape whatever the page did to its built-ins.
      const body = JSON.parse(requests[0].postData() ?? '{}') as { instances: Array<Record<string, unknown>> };
      expect(body.instances[0]).toMatchObject({ experimentId: 'exp-cmab', variationIds: ['var-a', 'var-b', 'var-c'], dcpCustomerIds: [] });
      expect(body.instances[0].attributes).toEqual([{ id: 'attr-plan', type: 'custom_attribute', value: attributeValue, client_api_name: 'plan' }]);
      expect(response.status()).toBe(200);
      const predicted = ((await response.json()) as { predictions: Array<{ variation_id: string }> }).predictions[0].variation_id;
      expect(await decisionOf(page)).toMatchObject({ experimentId: 'exp-cmab', variationId: predicted, reason: 'cmab' });
      await expect(page.locator('#demo-headline')).toHaveText(HEADLINES[predicted]);

      // Equal attributes on the next load: the stored prediction is reused, no second request.
      await page.reload();
      expect(await decisionOf(page)).toMatchObject({ variationId: predicted, reason: 'cmab' });
      expect(requests).toHaveLength(1);

      const errors = await page.evaluate(() =>
        ((window as unknown as { varia: VariaApi }).varia.get('timeline') as { entries(): Array<{ type: string; name: string }> })
          .entries()
          .filter((entry) => entry.type === 'error')
          .map((entry) => entry.name),
      );
      expect(errors).toEqual([]);
      expect(pageProblems.pageErrors).toEqual([]);
    });
  }
});
