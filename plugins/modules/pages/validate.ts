/**
 * The pages plugin's build rules (PAG-7, PAG-16): every page's activation type (immediate when absent)
 * has a view provider among the project's plugins, and every click event names a page of the project,
 * the only place its listener is attached. Run at snippet build as at kernel start, so a project that
 * builds also runs; a snippet without validators (fitted) still reports an unknown type at run time.
 */
import type { ProjectRule } from '../../../core/project/validate';
import { msgUnknownActivationType } from './views';

export const pagesRule: ProjectRule = (data, report, plugins) => {
  const pages = data.pages ?? [];
  pages.forEach((page, index) => {
    const type = page?.activationType ?? 'immediate';
    if (!plugins.some((plugin) => plugin.type == 'viewProvider' && plugin.name == type)) {
      report({ entity: `page "${page?.id}"`, path: `pages[${index}].activationType`, message: msgUnknownActivationType(type) });
    }
  });
  (data.events ?? []).forEach((event, index) => {
    if (event?.eventType == 'click' && !pages.some((page) => page?.id == event.pageId)) {
      report({ entity: `event "${event.id}"`, path: `events[${index}].pageId`, message: `A click event needs the id of the page it is attached on, got "${event.pageId}"` });
    }
  });
};
