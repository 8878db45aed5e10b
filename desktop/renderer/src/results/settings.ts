/**
 * The Results tab's choices per project: the statistical method (sequential by default, safe to read
 * every day) and the goals marked "must not get worse" (guardrails). The project's data has no place
 * for analysis settings (whatever is in it is published into the snippet), so they are the view's
 * state, kept in this browser's storage per project; the inspector's sample-size estimate reads the
 * same method.
 */
import { useCallback, useState } from 'react';
import type { Method } from '../../../../stats/index';

/** The Results tab's choices for one project. */
export interface ResultsSettings {
  method: Method;
  /** Goal event api names marked "must not get worse". */
  guardrails: string[];
}

/** Sequential by default: staff open results daily, and its intervals stay valid however often they look. */
export const DEFAULT_RESULTS_SETTINGS: ResultsSettings = { method: 'sequential', guardrails: [] };

const METHODS: readonly string[] = ['sequential', 'bayesian', 'frequentist'];
const keyOf = (projectId: string) => `varia.results.${projectId}`;

/** Reads a project's settings from `storage`; anything missing or malformed reads as the default. */
export function readResultsSettings(projectId: string, storage: Pick<Storage, 'getItem'> | undefined): ResultsSettings {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(keyOf(projectId)) ?? 'null');
    if (!stored || typeof stored !== 'object') return DEFAULT_RESULTS_SETTINGS;
    const { method, guardrails } = stored as Record<string, unknown>;
    return {
      method: typeof method === 'string' && METHODS.includes(method) ? (method as Method) : DEFAULT_RESULTS_SETTINGS.method,
      guardrails: Array.isArray(guardrails) ? guardrails.filter((goal): goal is string => typeof goal === 'string') : [],
    };
  } catch {
    return DEFAULT_RESULTS_SETTINGS;
  }
}

/** Writes a project's settings; a browser that refuses storage (private mode, full) keeps them for the session only. */
export function writeResultsSettings(projectId: string, settings: ResultsSettings, storage: Pick<Storage, 'setItem'> | undefined): void {
  try {
    storage?.setItem(keyOf(projectId), JSON.stringify(settings));
  } catch {
    // Kept in the component's state: the choice holds until the window closes.
  }
}

const browserStorage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The project's settings and a function to change them (stored at once). */
export function useResultsSettings(projectId: string): [ResultsSettings, (change: Partial<ResultsSettings>) => void] {
  const [settings, setSettings] = useState(() => readResultsSettings(projectId, browserStorage()));
  const update = useCallback(
    (change: Partial<ResultsSettings>) =>
      setSettings((current) => {
        const next = { ...current, ...change };
        writeResultsSettings(projectId, next, browserStorage());
        return next;
      }),
    [projectId],
  );
  return [settings, update];
}
