/**
 * The runtime never breaks the host page (tests/fixtures/projects/e2e-hostile, standard preset plus the timeline, demo
 * page /demo/e2e-hostile): a throwing project script, a throwing custom_code change, a change whose
 * selector is not valid CSS, a callback page whose activation code throws, and a bandit whose prediction
 * request hangs (page.route holds it and never answers). No error reaches the page, the good changes
 * still apply, the bandit falls back to normal bucketing after its timeout, and the errors come out as
 * error events, read through `get('timeline')`.
 */
import type { Route } from '@playwright/test';
import { expect, test } from '../support/e2e-fixtures';
import type { VariaApi } from '../support/varia-page';

interface TimelineEntry {
  type: string;
  name: string;
  detail?: unknown;
}

test.describe('the runtime never breaks the page', () => {
  test('KRN-43 KRN-44 KRN-45 ERR-51 ERR-52 ERR-53 a hostile project: no error reaches the page, the other changes apply, the errors are emitted', async ({
    page,
    pageProblems,
  }) => {
    // The prediction service hangs: the request is held and never answered.
    const held: Route[] = [];
    await page.route('**/predict/**', (route) => void held.push(route));
    await page.goto('/demo/e2e-hostile');

    await expect(page.locator('#demo-text')).toHaveText('Text changed despite the others');
    await expect(page.locator('#demo-button')).toHaveText('Button changed');
    // The bandit gave up on the hanging prediction and used normal bucketing.
    await expect(page.locator('#demo-headline')).toHaveText('Fallback headline', { timeout: 5_000 });
    expect(held).toHaveLength(1);

    const errors = async () =>
      (
        await page.evaluate(() =>
          ((window as unknown as { varia: VariaApi }).varia.get('timeline') as { entries(): TimelineEntry[] }).entries().filter((entry) => entry.type === 'error'),
        )
      ).map((entry) => `${entry.name}: ${String(entry.detail)}`);
    await expect.poll(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ProjectJSError: .*hostile project script/),
        expect.stringMatching(/^ActivationCodeError: .*hostile activation code/),
        expect.stringMatching(/^ActionError: .*hostile custom code/),
        expect.stringMatching(/^ActionError: .*p\[\[bad/),
      ]),
    );
    const decision = await page.evaluate(
      () =>
        ((window as unknown as { varia: VariaApi }).varia.get('decisions') as { layerStates(): Record<string, { decision: { variationId: string; reason?: string } }> }).layerStates()[
          'layer-hanging-bandit'
        ].decision,
    );
    expect(decision.variationId).toBe('var-fallback');
    expect(decision.reason).not.toBe('cmab');

    expect(pageProblems.pageErrors).toEqual([]);
    expect(await pageProblems.cspViolations()).toEqual([]);
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  });
});
