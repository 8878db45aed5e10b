/**
 * Opening a project in one request (`GET /api/editor/projects/:id/open`): its info and the working
 * copy's whole mergeable content. The request is made as early as the address names a project
 * (`public/open-early.js` in web mode, before the bundle is even parsed; ../shell/prefetch.ts, evaluated
 * before React, otherwise), and taken once by the workspace.
 */
import type { ProjectOpening } from '../../../../editor-model/api-contract';
import { BackendError, callApi, readAnswer } from './backend';

export type { ProjectOpening };

/** Prefetched openings, with when they were asked for (one older than {@link PREFETCH_FRESH_MS} is asked again). */
const openings = new Map<string, { at: number; opening: Promise<ProjectOpening> }>();
const PREFETCH_FRESH_MS = 10_000;

/**
 * Starts loading a project's info and content (once per project until it is taken by
 * {@link takeProjectOpening}): called as early as the route is known, before React renders.
 */
export function prefetchProject(projectId: string): Promise<ProjectOpening> {
  const holder = window as { __variaOpening?: { projectId: string; at: number; response: Promise<Response> } | null };
  const early = holder.__variaOpening;
  // Null from now on: the early script, if it has not run yet, asks nothing (the renderer has).
  holder.__variaOpening = null;
  if (early) {
    if (early.projectId === projectId) {
      const answer = early.response.then(readAnswer<ProjectOpening>, () => {
        throw new BackendError('The editor backend cannot be reached (are the local services running?).', 0, {});
      });
      openings.set(projectId, { at: early.at, opening: answer });
      answer.catch(() => undefined);
    }
  }
  const kept = openings.get(projectId);
  if (kept && performance.now() - kept.at < PREFETCH_FRESH_MS) return kept.opening;
  const opening = callApi('openProject', { params: { id: projectId } });
  opening.catch(() => undefined);
  openings.set(projectId, { at: performance.now(), opening });
  return opening;
}

/** The prefetched opening of a project (or a fresh request), used once: a later open reloads. */
export function takeProjectOpening(projectId: string): Promise<ProjectOpening> {
  const opening = prefetchProject(projectId);
  openings.delete(projectId);
  return opening;
}

