/**
 * Runs review's conflict check (./conflicts.ts) once a review has loaded: each view where a changed
 * experiment meets another campaign's element changes is loaded in editor mode in a hidden frame and
 * the agent says which of their elements are the same or nested, one view at a time (./view-by-view.ts);
 * a view that cannot be loaded is said, never taken for "no conflict".
 */
import type { ProjectStore } from '../model/project-store';
import type { Review } from '../../../../editor-model/api-contract';
import { canvasOrigin } from '../model/backend';
import { overlapsOnPage } from '../canvas/page-probe';
import { conflictProbes, conflictsOf, overlapPairs, uncheckedOf, type Conflict, type ViewProbe } from './conflicts';
import { useViewByView } from './view-by-view';

/** What the check found so far. */
export interface ConflictCheck {
  conflicts: Conflict[];
  /** Pairs no page can settle, and views that did not answer. */
  unchecked: string[];
  status: string;
  /** Whether the check has finished (Publish waits for it). */
  done: boolean;
}

/** The conflict check of a loaded review. */
export function useConflictCheck(store: ProjectStore, review: Review | null): ConflictCheck {
  const check = useViewByView<ViewProbe, Conflict>(review, () => {
    if (!review) return undefined;
    return {
      views: conflictProbes(store, review.diff),
      name: (probe) => probe.name,
      ask: async (probe) => ({
        found: probe.pairs.length ? conflictsOf(probe, await overlapsOnPage(new URL(probe.path, canvasOrigin()).toString(), overlapPairs(probe))) : [],
        unchecked: uncheckedOf(probe),
      }),
      progress: (index, total, probe) => `Looking for clashes with other campaigns: view ${index + 1} of ${total} (${probe.name})…`,
      failed: (probe, error) => `View ${probe.name} could not be checked for clashes: ${error.message}.`,
      done: (conflicts, probes) => {
        const pairs = probes.reduce((sum, probe) => sum + probe.pairs.length, 0);
        return `Compared ${pairs} pair${pairs === 1 ? '' : 's'} of changes with other campaigns on ${probes.length} view${probes.length === 1 ? '' : 's'}: ${conflicts.length ? `${conflicts.length} clash${conflicts.length === 1 ? '' : 'es'}` : 'no clash'}.`;
      },
    };
  });
  return { conflicts: check.found, unchecked: check.unchecked, status: check.status, done: check.done };
}
