/**
 * The Results tab's verdicts (issue 38) on the homepage project, with the collector filled through its
 * own endpoint (`POST /v1/events`, the batches the snippet sends) for thousands of visitors over a
 * week, as no test can make that many real page visits: one experiment with a winner, one with no
 * difference, one without enough data, one that makes a guardrail goal worse. Each card's figures are
 * checked against the counts sent; the tab is screenshot at 1440 px (VARIA_SCREENSHOTS=1 writes the
 * PNGs to desktop/screenshots/).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ProjectResults } from '../../editor-model/api-contract';
import { sampleSize } from '../../stats/index';
import { editorApi, openProject, startEditorServices, type EditorServices } from './editor-kit';

let services: EditorServices;
test.beforeEach(async () => {
  services = await startEditorServices();
});
test.afterEach(async () => {
  await services.stop();
});

const DAY = 86_400_000;
/** One arm: visitors and converters, and each converter's revenue (by the converter's number, from 0). */
type Arm = { visitors: number; converters: number; revenue?: (index: number) => number };

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String((sequence += 1)).padStart(12, '0')}`;

/**
 * Sends an experiment's visitors as the snippet's batches: a decision on arrival (spread over 7 days), with
 * an exposure on every variation's basis at the decision (ruling 24: as the snippet records it when every
 * variation's elements are on the visitor's page), a goal event later.
 */
async function sendArm(experiment: { layerId: string; experimentId: string; variations: Array<{ variationId: string }> }, variationId: string, arm: Arm, goal: string): Promise<number[]> {
  const start = Date.now() - 7 * DAY;
  const visitors = Array.from({ length: arm.visitors }, (_, index) => {
    const at = start + Math.floor((index / arm.visitors) * 7 * DAY);
    // Converters spread evenly over the week (each day's rate is the arm's), numbered in order for their revenue.
    const converter = Math.floor((index * arm.converters) / arm.visitors);
    const converts = Math.floor(((index + 1) * arm.converters) / arm.visitors) > converter;
    return {
      visitor_id: `${experiment.experimentId}-${variationId}-${index}`,
      session_id: 'AUTO',
      attributes: [],
      snapshots: [{
        decisions: [{ campaign_id: experiment.layerId, experiment_id: experiment.experimentId, variation_id: variationId, is_campaign_holdback: false }],
        events: [
          { entity_id: experiment.layerId, type: 'campaign_activated', timestamp: at, uuid: uuid() },
          ...experiment.variations.map(({ variationId: basis }) => ({ entity_id: experiment.experimentId, type: 'exposure', timestamp: at, uuid: uuid(), tags: { variation: variationId, basis } })),
          ...(converts ? [{ entity_id: `ev_${goal}`, key: goal, type: 'custom', timestamp: at + 60_000, uuid: uuid(), ...(arm.revenue && { revenue: arm.revenue(converter) }) }] : []),
        ],
      }],
    };
  });
  for (let from = 0; from < visitors.length; from += 1000) {
    const batch = {
      account_id: 'leafline', anonymize_ip: true, client_name: 'js', client_version: '1', project_id: 'homepage', revision: '1', enrich_decisions: true,
      visitors: visitors.slice(from, from + 1000),
    };
    const response = await fetch(`${services.url}/v1/events`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(batch) });
    expect(response.status).toBe(200);
  }
  // When each visitor arrived: the test counts the recent traffic from them.
  return visitors.map((visitor) => visitor.snapshots[0].events[0].timestamp);
}

test('EDT-24 the Results tab says who is ahead, finds no difference, asks for more data and flags a guardrail', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const opened = await editorApi(services, 'projects/homepage/results');
  expect(opened.status).toBe(200);
  const project = (await opened.json()) as ProjectResults;
  const twoArmed = project.experiments.filter((experiment) => experiment.variations.length >= 2);
  expect(twoArmed.length).toBeGreaterThanOrEqual(4);
  const goal = project.events.find((event) => project.eventNames[event] === 'Registration Form Submitted')!;
  expect(goal).toBeTruthy();
  const [winner, same, early, worse] = twoArmed;
  const arms = (experiment: (typeof twoArmed)[number], control: Arm, variant: Arm) =>
    Promise.all([sendArm(experiment, experiment.variations[0].variationId, control, goal), sendArm(experiment, experiment.variations[1].variationId, variant, goal)]);
  // 20% against 25% of 3,000 each, purchases of 40 to 79; 50% against 50% of 13,000 each (enough to
  // detect 5% by the sequential method); 10% against 11% of 400 each; 40% against 34% of 3,000 each.
  await arms(winner, { visitors: 3000, converters: 600, revenue: (index) => 40 + (index % 40) }, { visitors: 3000, converters: 750, revenue: (index) => 40 + (index % 40) });
  await arms(same, { visitors: 13_000, converters: 6500 }, { visitors: 13_000, converters: 6500 });
  const earlyTimes = (await arms(early, { visitors: 400, converters: 40 }, { visitors: 400, converters: 44 })).flat();
  await arms(worse, { visitors: 3000, converters: 1200 }, { visitors: 3000, converters: 1020 });

  await page.setViewportSize({ width: 1440, height: 1000 });
  await openProject(page, services, 'homepage', 'results');
  const card = (experiment: { experimentId: string }) => page.locator(`.result-card[data-experiment="${experiment.experimentId}"]`);
  const verdictOf = (experiment: (typeof twoArmed)[number]) => card(experiment).locator(`.verdict[data-variation="${experiment.variations[1].variationId}"]`);

  // The winner: +25% relative (0.25 / 0.20 - 1), each arm's rate as sent.
  await expect(verdictOf(winner)).toHaveAttribute('data-verdict', 'ahead', { timeout: 30_000 });
  await expect(verdictOf(winner)).toHaveText(new RegExp(`^${winner.variations[1].name.replace(/[#()]/g, '\\$&')} is ahead: \\+25\\.0% \\(\\+\\d+\\.\\d% to \\+\\d+\\.\\d%\\)$`));
  const winnerRows = card(winner).locator('tbody tr');
  await expect(winnerRows.nth(0).locator('td[data-cell="estimate"] .figure')).toHaveText('20.0%');
  await expect(winnerRows.nth(1).locator('td[data-cell="estimate"] .figure')).toHaveText('25.0%');
  await expect(winnerRows.nth(1).locator('td[data-cell="uplift"] .figure')).toHaveText('+25.0%');
  await expect(card(winner).locator('.pill[data-state]')).toHaveText('Live');
  // Ruling 24: compared on exposed visitors (here every decided visitor), shown apart from the decided ones.
  await expect(card(winner).locator('.result-card__counted')).toHaveText(/^Compared on exposed visitors/);
  await expect(winnerRows.nth(1).locator('td[data-cell="visitors"]')).toHaveText('3,000');
  await expect(winnerRows.nth(1).locator('td[data-cell="exposed"]')).toHaveText('3,000');

  await expect(verdictOf(same)).toHaveAttribute('data-verdict', 'no-difference');
  await expect(verdictOf(same)).toHaveText(/^No difference found: 0\.0% \(/);
  await expect(verdictOf(early)).toHaveAttribute('data-verdict', 'not-enough-data');
  // 800 visitors over 7 days: about 114 a day, so the days still needed are given.
  await expect(verdictOf(early)).toHaveText(/^Not enough data yet: about [\d,]+ more visitors per variation \([\d,]+ more days at the current traffic\) to detect a 5% uplift at the current rate$/);

  // The uplift over days: a chart per compared variation from the week's daily figures, told in words too.
  const chartOf = (experiment: (typeof twoArmed)[number]) => card(experiment).locator(`.uplift-chart[data-variation="${experiment.variations[1].variationId}"]`);
  await expect(chartOf(winner).locator('svg[role="img"] > title')).toHaveText(`Cumulative uplift of ${winner.variations[1].name} over the control, by day`);
  await expect(chartOf(winner).locator('figcaption')).toHaveText(/ against the control on \w{3} \d{1,2}: \+25\.0% \(\+\d+\.\d% to \+\d+\.\d%\), from 3,000 and 3,000 visitors\. The interval lies above zero( since \w{3} \d{1,2})?\.( Before \w{3} \d{1,2} there were too few visitors or conversions to compare\.)?$/);
  // The week's visitors arrived over 8 UTC days at most: a point for each day that could be compared.
  expect(await chartOf(winner).locator('.uplift-chart__dot').count()).toBeGreaterThanOrEqual(6);
  await expect(chartOf(same).locator('figcaption')).toContainText('The interval holds zero');
  await expect(chartOf(early).locator('figcaption')).toContainText('The interval holds zero');

  // Screenshots of the three verdicts, by the default method, before any goal is a guardrail.
  const shoot = async (element: ReturnType<typeof card>, name: string) => {
    await element.scrollIntoViewIfNeeded();
    await element.screenshot({ path: testInfo.outputPath(name) });
    if (process.env.VARIA_SCREENSHOTS === '1') copyFileSync(testInfo.outputPath(name), join(import.meta.dirname, '../../desktop/screenshots', name));
  };
  await shoot(card(winner), 'results-winner.png');
  await shoot(card(same), 'results-no-difference.png');
  await shoot(card(early), 'results-not-enough-data.png');

  // The guardrail: behind, then flagged once the goal is marked "must not get worse".
  await expect(verdictOf(worse)).toHaveAttribute('data-verdict', 'behind');
  await card(worse).getByRole('switch', { name: /must not get worse/ }).click();
  await expect(verdictOf(worse)).toHaveClass(/verdict--flagged/);
  await expect(verdictOf(worse)).toContainText('makes this guardrail metric worse');
  await expect(card(worse)).toHaveClass(/result-card--flagged/);

  // The revenue of the winner's purchases: per visitor, every visitor counted.
  await card(winner).getByRole('combobox', { name: `Metric of ${winner.name}` }).selectOption('revenue');
  // Shown to the cent, rounded half up as people round (14.825 reads 14.83).
  const cents = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const perVisitor = (converters: number, visitors: number) => cents(Array.from({ length: converters }, (_, index) => 40 + (index % 40)).reduce((a, b) => a + b, 0) / visitors);
  await expect(winnerRows.nth(0).locator('td[data-cell="estimate"] .figure')).toHaveText(perVisitor(600, 3000));
  await expect(winnerRows.nth(1).locator('td[data-cell="estimate"] .figure')).toHaveText(perVisitor(750, 3000));

  // The method is switchable and kept for the project: Bayesian shows the chance to win.
  await page.getByRole('radio', { name: 'Bayesian' }).click();
  await expect(card(winner).locator('thead')).toContainText('Chance to win');
  await expect(winnerRows.nth(1).locator('td[data-cell="evidence"]')).toHaveText(/^(99\.\d|100\.0)%$/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Bayesian' })).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
  await expect(card(worse).getByRole('switch', { name: /must not get worse/ })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('radio', { name: 'Sequential' }).click();
  await expect(card(winner).locator('thead')).toContainText('p-value always valid');

  await page.locator('.results').screenshot({ path: testInfo.outputPath('results-tab.png') });
  await shoot(card(worse), 'results-guardrail.png');

  // Sample size in the inspector: from the control's measured 10% (its 400 visitors exposed on B's basis)
  // and the exposed visitors of both arms who arrived in the last 7 UTC days, by the sequential method.
  const today = Math.floor(Date.now() / DAY);
  const recent = earlyTimes.filter((time) => Math.floor(time / DAY) > today - 7).length;
  const needed = sampleSize({ baseline: { rate: 0.1 }, uplift: 0.05, method: 'sequential', dailyVisitors: recent / 7 });
  if ('error' in needed) throw new Error(needed.error);
  await page.goto(`${services.url}/editor/#/p/homepage/design`);
  await page.locator(`[data-node="experiments:${early.experimentId}"]`).click();
  const estimate = page.locator('[data-cell="sample-size"]');
  await expect(estimate).toContainText(`${needed.perVariation.toLocaleString('en-US')} visitors per variation`, { timeout: 30_000 });
  await expect(estimate).toContainText(`About ${needed.days!.toLocaleString('en-US')} days at this view's current traffic: ${Math.round(recent / 7)} exposed visitors a day over the last 7 days.`);
  await page.locator('[data-testid="sample-size"]').screenshot({ path: testInfo.outputPath('sample-size.png') });
});
