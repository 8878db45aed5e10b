/**
 * Review's check on the pages (./selector-coverage.ts): each view whose changed selectors may name
 * nothing there is loaded in a hidden frame, one at a time (./view-by-view.ts), and each selector that
 * matches nothing is a warning naming the view.
 */
import type { LinkedProblem, Review } from '../../../../editor-model/api-contract';
import { countOnPage } from '../canvas/page-probe';
import { canvasOrigin } from '../model/backend';
import type { ProjectStore } from '../model/project-store';
import { selectorsByView, unmatched } from './selector-coverage';
import { useViewByView } from './view-by-view';

/** The warnings found so far and a line saying where the check stands. */
export function usePageCheck(store: ProjectStore, review: Review | null): { problems: LinkedProblem[]; status: string } {
  const check = useViewByView(review, () => {
    if (!review) return undefined;
    const views = selectorsByView(store, review.diff);
    return {
      views,
      name: (view) => view.name,
      ask: async (view) => ({
        found: unmatched(view, view.items, await countOnPage(new URL(view.path, canvasOrigin()).toString(), [...new Set(view.items.map((item) => item.selector))])),
      }),
      progress: (index, total, view) => `Checking the changed selectors on their pages: view ${index + 1} of ${total} (${view.name})…`,
      failed: (view, error) => `${view.name}: ${error.message}`,
      done: (found, all) => {
        const checked = all.reduce((sum, view) => sum + view.items.length, 0);
        return `Checked ${checked} changed selector${checked === 1 ? '' : 's'} on ${all.length} view${all.length === 1 ? '' : 's'}: ${found.length ? `${found.length} match${found.length === 1 ? 'es' : ''} nothing` : 'each matches its page'}.`;
      },
    };
  });
  const status = check.done && check.unchecked.length ? `${check.status} Not checked: ${check.unchecked.join('; ')}.` : check.status;
  return { problems: check.found, status };
}
