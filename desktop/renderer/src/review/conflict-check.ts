/**
 * Runs review's conflict check (./conflicts.ts) once a review has loaded: each view where a changed
 * experiment meets another campaign's element changes is loaded in editor mode in a hidden frame and
 * the agent says which of their elements are the same or nested. One view at a time, saying where it
 * stands; a view that cannot be loaded is said, never taken for "no conflict".
 */
import { useEffect, useState } from 'react';
import type { ProjectStore } from '../model/project-store';
import type { Review } from '../../../../editor-model/api-contract';
import { canvasOrigin } from '../model/backend';
import { overlapsOnPage } from '../canvas/page-probe';
import { conflictProbes, conflictsOf, overlapPairs, uncheckedOf, type Conflict } from './conflicts';

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
  const [state, setState] = useState<ConflictCheck>({ conflicts: [], unchecked: [], status: '', done: false });
  useEffect(() => {
    setState({ conflicts: [], unchecked: [], status: '', done: false });
    if (!review) return;
    const probes = conflictProbes(store, review.diff);
    if (!probes.length) {
      setState({ conflicts: [], unchecked: [], status: '', done: true });
      return;
    }
    let cancelled = false;
    void (async () => {
      const conflicts: Conflict[] = [];
      const unchecked: string[] = [];
      for (const [index, probe] of probes.entries()) {
        if (cancelled) return;
        setState({ conflicts: [...conflicts], unchecked: [...unchecked], status: `Looking for clashes with other campaigns: view ${index + 1} of ${probes.length} (${probe.name})…`, done: false });
        unchecked.push(...uncheckedOf(probe));
        if (!probe.pairs.length) continue;
        try {
          conflicts.push(...conflictsOf(probe, await overlapsOnPage(new URL(probe.path, canvasOrigin()).toString(), overlapPairs(probe))));
        } catch (error) {
          unchecked.push(`View ${probe.name} could not be checked for clashes: ${(error as Error).message}.`);
        }
      }
      if (cancelled) return;
      const pairs = probes.reduce((sum, probe) => sum + probe.pairs.length, 0);
      const status = `Compared ${pairs} pair${pairs === 1 ? '' : 's'} of changes with other campaigns on ${probes.length} view${probes.length === 1 ? '' : 's'}: ${conflicts.length ? `${conflicts.length} clash${conflicts.length === 1 ? '' : 'es'}` : 'no clash'}.`;
      setState({ conflicts, unchecked, status, done: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [store, review]);
  return state;
}
