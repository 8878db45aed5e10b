/**
 * Runs the check for clashes with other campaigns (./conflicts.ts), for review (the changes made since
 * live) and for the experiment inspector (the experiment's changes): each view where those changes meet
 * another campaign's element changes is loaded in editor mode in a hidden frame and the agent says which
 * of their elements are the same or nested, one view at a time (./view-by-view.ts); a pair whose element
 * is not on the original page is asked again with the variation that shows it applied. A view that cannot
 * be loaded is said, never taken for "no conflict". Once done, acknowledgements of clashes it compared and
 * no longer finds are dropped from the session.
 */
import { useEffect } from 'react';
import { loadWidgets } from '../inspector/changes/widget-catalogue';
import { canvasOrigin } from '../model/backend';
import type { ProjectModel } from '../model/project-model';
import { overlapsOnPage } from '../canvas/page-probe';
import { useEditorSession } from '../session/editor-session';
import { widgetRegions, type WidgetRegions } from './changes-on-view';
import { askView } from './ask-view';
import { conflictKey, conflictProbes, conflictsOf, uncheckedOf, type Conflict, type Mine, type ViewProbe } from './conflicts';
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

let regions: Promise<WidgetRegions> | undefined;
/** The regions the project's widgets declare (their modules are loaded on first need). */
const loadRegions = () => (regions ??= loadWidgets().then(widgetRegions));

/**
 * The check of the changes `mine` picks (undefined: nothing to check yet), run again whenever `key`
 * changes (review: the loaded review; the inspector: the experiment and each "Check again").
 */
export function useConflictCheck(model: ProjectModel, key: unknown, mine: () => Mine | undefined): ConflictCheck {
  const session = useEditorSession();
  const check = useViewByView<ViewProbe, Conflict>(key, async () => {
    const isMine = mine();
    if (!isMine) return undefined;
    return {
      views: conflictProbes(model.store, isMine, await loadRegions()),
      name: (probe) => probe.name,
      ask: async (probe) => ({
        found: probe.pairs.length ? conflictsOf(probe, await askView(model.store, probe, (pairs, shown) => overlapsOnPage(new URL(probe.path, canvasOrigin()).toString(), pairs, shown))) : [],
        unchecked: uncheckedOf(probe),
        covered: probe.pairs.map(({ mine: one, theirs }) => conflictKey(one.experimentId, theirs.experimentId, probe.pageId)),
      }),
      progress: (index, total, probe) => `Looking for clashes with other campaigns: view ${index + 1} of ${total} (${probe.name})…`,
      failed: (probe, error) => `View ${probe.name} could not be checked for clashes: ${error.message}.`,
      done: (conflicts, probes) => {
        const pairs = probes.reduce((sum, probe) => sum + probe.pairs.length, 0);
        return `Compared ${pairs} pair${pairs === 1 ? '' : 's'} of changes with other campaigns on ${probes.length} view${probes.length === 1 ? '' : 's'}: ${conflicts.length ? `${conflicts.length} clash${conflicts.length === 1 ? '' : 'es'}` : 'no clash'}.`;
      },
    };
  });
  // A clash the check compared and no longer finds is not acknowledged any more: it no longer exists.
  useEffect(() => {
    if (!check.done) return;
    const found = new Set(check.found.map((conflict) => conflict.key));
    session.forgetAcknowledged(model.projectId, check.covered.filter((covered) => !found.has(covered)));
  }, [check, session, model]);
  return { conflicts: check.found, unchecked: check.unchecked, status: check.status, done: check.done };
}
