/**
 * Page tags of a fitted snippet whose project's pages read none (plugins/presets/fit.ts puts this module in
 * place of ./tags.ts at build time): only a page definition's `tags` are read from the page, and a fitted
 * snippet refuses data from `load`, so no page with tags can arrive later. Tags given by the public page
 * call are kept as always (./views.ts adds them to what this returns).
 */
import type { PageTag } from '../../../core/project/types';

/** No page of the project reads tags: nothing to read. */
export const readTags = (_tags: readonly PageTag[] | undefined, _win: unknown): Record<string, unknown> => ({});
