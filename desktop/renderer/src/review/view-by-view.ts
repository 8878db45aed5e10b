/**
 * The loop both of review's checks on the pages run (./page-check.ts, ./conflict-check.ts): once a
 * review has loaded, each view in turn is asked its question in a hidden frame, the check saying where
 * it stands; a view that cannot be loaded is said, never taken for a clean answer.
 */
import { useEffect, useState } from 'react';

/** What a check over the views found so far. */
export interface ViewByView<R> {
  found: R[];
  /** What could not be checked, in words. */
  unchecked: string[];
  /** What the views that answered were asked about (for a check that says so, such as the clashes' pairs). */
  covered: string[];
  status: string;
  /** Whether every view has answered (or failed). */
  done: boolean;
}

/** How one check asks a view and words its progress. */
export interface ViewCheck<V, R> {
  /** The views to ask (computed from the loaded review); none: nothing to do. */
  views: readonly V[];
  name(view: V): string;
  /** Asks the view's page; rejects when the page cannot answer. */
  ask(view: V): Promise<{ found: R[]; unchecked?: string[]; covered?: string[] }>;
  progress(index: number, total: number, view: V): string;
  failed(view: V, error: Error): string;
  done(found: R[], views: readonly V[]): string;
}

/** Runs `check` over its views whenever `key` (the loaded review, say) changes; `makeCheck` may first load what it needs. */
export function useViewByView<V, R>(key: unknown, makeCheck: () => ViewCheck<V, R> | undefined | Promise<ViewCheck<V, R> | undefined>): ViewByView<R> {
  const [state, setState] = useState<ViewByView<R>>({ found: [], unchecked: [], covered: [], status: '', done: false });
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      setState({ found: [], unchecked: [], covered: [], status: '', done: false });
      const check = await makeCheck();
      if (cancelled) return;
      if (!check || !check.views.length) {
        setState({ found: [], unchecked: [], covered: [], status: '', done: !!check });
        return;
      }
      const found: R[] = [];
      const unchecked: string[] = [];
      const covered: string[] = [];
      for (const [index, view] of check.views.entries()) {
        if (cancelled) return;
        setState({ found: [...found], unchecked: [...unchecked], covered: [...covered], status: check.progress(index, check.views.length, view), done: false });
        try {
          const answer = await check.ask(view);
          found.push(...answer.found);
          unchecked.push(...(answer.unchecked ?? []));
          covered.push(...(answer.covered ?? []));
        } catch (error) {
          unchecked.push(check.failed(view, error as Error));
        }
      }
      if (!cancelled) setState({ found, unchecked, covered, status: check.done(found, check.views), done: true });
    })();
    return () => {
      cancelled = true;
    };
    // The check is rebuilt from the review it belongs to; `makeCheck` closes over the same store.
  }, [key]);
  return state;
}
