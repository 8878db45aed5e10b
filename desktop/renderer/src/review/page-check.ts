/**
 * Runs review's check on the pages (./selector-coverage.ts) once a review has loaded: one view at a
 * time, each in a hidden frame, saying where it stands ("Checking 2 of 3 views…") and what it found.
 */
import { useEffect, useState } from 'react';
import type { ProjectStore } from '../model/project-store';
import type { LinkedProblem, Review } from '../../../../editor-model/api-contract';
import { canvasOrigin } from '../model/backend';
import { countOnPage } from '../canvas/page-probe';
import { selectorsByView, unmatched } from './selector-coverage';

/** The warnings found so far and a line saying where the check stands. */
export function usePageCheck(store: ProjectStore, review: Review | null): { problems: LinkedProblem[]; status: string } {
  const [state, setState] = useState<{ problems: LinkedProblem[]; status: string }>({ problems: [], status: '' });
  useEffect(() => {
    setState({ problems: [], status: '' });
    if (!review) return;
    const views = selectorsByView(store, review.diff);
    if (!views.length) return;
    let cancelled = false;
    void (async () => {
      const problems: LinkedProblem[] = [];
      const failed: string[] = [];
      for (const [index, view] of views.entries()) {
        if (cancelled) return;
        setState({ problems: [...problems], status: `Checking the changed selectors on their pages: view ${index + 1} of ${views.length} (${view.name})…` });
        try {
          const counts = await countOnPage(new URL(view.path, canvasOrigin()).toString(), [...new Set(view.items.map((item) => item.selector))]);
          problems.push(...unmatched(view, view.items, counts));
        } catch (error) {
          failed.push(`${view.name}: ${(error as Error).message}`);
        }
      }
      if (cancelled) return;
      const checked = views.reduce((sum, view) => sum + view.items.length, 0);
      const words = `Checked ${checked} changed selector${checked === 1 ? '' : 's'} on ${views.length} view${views.length === 1 ? '' : 's'}: ${problems.length ? `${problems.length} match${problems.length === 1 ? 'es' : ''} nothing` : 'each matches its page'}.`;
      setState({ problems, status: failed.length ? `${words} Not checked: ${failed.join('; ')}.` : words });
    })();
    return () => {
      cancelled = true;
    };
  }, [store, review]);
  return state;
}
