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
  ask(view: V): Promise<{ found: R[]; unchecked?: string[] }>;
  progress(index: number, total: number, view: V): string;
  failed(view: V, error: Error): string;
  done(found: R[], views: readonly V[]): string;
}

/** Runs `check` over its views whenever `key` (the loaded review) changes. */
export function useViewByView<V, R>(key: unknown, makeCheck: () => ViewCheck<V, R> | undefined): ViewByView<R> {
  const [state, setState] = useState<ViewByView<R>>({ found: [], unchecked: [], status: '', done: false });
  useEffect(() => {
    const check = makeCheck();
    if (!check || !check.views.length) {
      setState({ found: [], unchecked: [], status: '', done: !!check });
      return;
    }
    let cancelled = false;
    void (async () => {
      const found: R[] = [];
      const unchecked: string[] = [];
      for (const [index, view] of check.views.entries()) {
        if (cancelled) return;
        setState({ found: [...found], unchecked: [...unchecked], status: check.progress(index, check.views.length, view), done: false });
        try {
          const answer = await check.ask(view);
          found.push(...answer.found);
          unchecked.push(...(answer.unchecked ?? []));
        } catch (error) {
          unchecked.push(check.failed(view, error as Error));
        }
      }
      if (!cancelled) setState({ found, unchecked, status: check.done(found, check.views), done: true });
    })();
    return () => {
      cancelled = true;
    };
    // The check is rebuilt from the review it belongs to; `makeCheck` closes over the same store.
    // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the loaded review on purpose
  }, [key]);
  return state;
}
