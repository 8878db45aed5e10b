/**
 * How a check for clashes asks one view's page (issue 37): first the page as it is; then, for each pair
 * whose element is not on the original page, the page with the variation that may show it applied (an
 * element only one variation puts there, such as the personalisation hero's own headline), through the
 * agent's preview, as the canvas applies a variation. `ask` is the page: a hidden frame in the editor.
 */
import type { OverlapPair, OverlapResult, PreviewChange } from '../../../agent/protocol';
import { toWire } from '../canvas/preview-code';
import { savedChanges, toPreview } from '../inspector/changes/variation-changes';
import type { ProjectStore } from '../model/project-store';
import { missingElementRetries, overlapPairs, variationLabel, type ProbeAnswer, type ViewProbe } from './conflicts';

/** Asks the view's page about `pairs`, with `shown` (a variation's changes) applied and settled first when given. */
export type AskPage = (pairs: OverlapPair[], shown?: PreviewChange[]) => Promise<OverlapResult[]>;

/** The page's answers for every pair of the probe, each found with a variation applied saying which. */
export async function askView(store: ProjectStore, probe: ViewProbe, ask: AskPage): Promise<ProbeAnswer[]> {
  const answers: ProbeAnswer[] = await ask(overlapPairs(probe));
  for (const retry of missingElementRetries(probe, answers)) {
    const changes = retry.variations.flatMap((variation) => savedChanges(store, variation.variationRowId, probe.pageId).map(({ rowId, change }) => toPreview(rowId, change)));
    const again = await ask(retry.pairs, await toWire(changes));
    const shownWith = retry.variations.map(variationLabel).join(' and ');
    for (const result of again) {
      if (result.kind !== 'none') answers.splice(answers.findIndex((answer) => answer.id === result.id), 1, { ...result, shownWith });
    }
  }
  return answers;
}
