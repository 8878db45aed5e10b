/**
 * The push calls of runtime-spec §7 that no other plugin answers, and the `integrations` module that
 * reads what they stored (KRN-27, KRN-31..34):
 *
 * - `['integrationSettings', id, settings]`: settings of an analytics integration, by id. Without an id it
 *   fails with 'id is required' (ERR-6), without settings with 'settings is required' (ERR-7).
 * - `['ga4User', ga4UserId]`: the visitor's GA4 user id (KRN-33); without one, 'ga4UserId is required'.
 *   It replaces global data's `ga4UserId`, which the validator requires to be non-empty when set (KRN-34).
 * - `['dataFromSource', sourceId, data]`: data of an audience-data source (the spec leaves the call open):
 *   kept by source id, and every project visitor attribute of that source (`dcp_datasource_id`, CFG-18)
 *   whose name (or id) is a key of `data` is set on the visitor, as the `user` call would.
 * - `['tags', tags]`: tags for the pages active now (merged into their tags by the pages module) and kept.
 *
 * Failures throw inside the call, so the kernel reports them as ApiError and nothing reaches the page.
 */
import { definePlugin, MODULES, type PagesModule, type PluginContext, type PluginOf, type VisitorModule } from '../../../core';
import { isRecord } from '../../_shared/checks';

/** Catalogue texts (ERR-6, ERR-7) and the ga4User and tags messages (the spec gives no text for them). */
export const MSG_ID_REQUIRED = 'id is required';
export const MSG_SETTINGS_REQUIRED = 'settings is required';
export const MSG_GA4_REQUIRED = 'ga4UserId is required';
export const MSG_SOURCE_REQUIRED = 'dataFromSource needs a source id and an object of data';
export const MSG_TAGS_OBJECT = 'tags must be an object';

/** What `get('integrations')` returns. */
export interface IntegrationsModule {
  /** Settings given by `integrationSettings`, for one id or all. */
  settings(id?: string): Record<string, unknown> | undefined;
  /** The GA4 user id: from the `ga4User` call, else global data's `ga4UserId`. */
  ga4UserId(): string | undefined;
  /** Data given by `dataFromSource`, by source id. */
  sourceData(sourceId: string): Record<string, unknown> | undefined;
  /** Tags given by `tags` calls, merged. */
  tags(): Record<string, unknown>;
}

const isId = (value: unknown): value is string | number => (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));

export default function integrations(): PluginOf<'apiModule'> {
  let ctx: PluginContext | undefined;
  const settings: Record<string, Record<string, unknown>> = {};
  const sources: Record<string, Record<string, unknown>> = {};
  const tags: Record<string, unknown> = {};
  let ga4: string | undefined;

  const module: IntegrationsModule = {
    settings: (id) => (id === undefined ? { ...settings } : settings[id]),
    ga4UserId: () => ga4 ?? (typeof ctx?.data.ga4UserId === 'string' ? ctx.data.ga4UserId : undefined),
    sourceData: (sourceId) => sources[sourceId],
    tags: () => ({ ...tags }),
  };

  const fromSource = (sourceId: unknown, data: unknown) => {
    if (!isId(sourceId) || !isRecord(data)) throw Error(MSG_SOURCE_REQUIRED);
    const id = String(sourceId);
    sources[id] = { ...sources[id], ...data };
    // CFG-18: the project's attributes of this source take their values from it.
    const values: Record<string, unknown> = {};
    for (const attribute of ctx!.data.visitorAttributes ?? []) {
      const source = attribute && (attribute.dcpDatasourceId ?? (attribute as { dcp_datasource_id?: string }).dcp_datasource_id);
      if (source !== id) continue;
      const key = attribute.name in data ? attribute.name : attribute.id in data ? attribute.id : undefined;
      if (key !== undefined) values[attribute.name] = data[key];
    }
    if (Object.keys(values).length) ctx!.get<VisitorModule>(MODULES.visitor)?.setAttributes(values);
  };

  const addTags = (given: unknown) => {
    if (!isRecord(given)) throw Error(MSG_TAGS_OBJECT);
    Object.assign(tags, given);
    const pages = ctx!.get<PagesModule>(MODULES.pages);
    if (!pages) return;
    const active = new Set(pages.activePageIds());
    for (const page of ctx!.data.pages ?? []) if (page && active.has(page.id)) pages.page(page.apiName, { isActive: true, tags: given });
  };

  return definePlugin({
    type: 'apiModule',
    name: 'integrations',
    setup(context) {
      ctx = context;
      context.defineCall(
        'integrationSettings',
        ({ id, settings: given }) => {
          if (!isId(id)) throw Error(MSG_ID_REQUIRED);
          if (!isRecord(given)) throw Error(MSG_SETTINGS_REQUIRED);
          settings[String(id)] = { ...settings[String(id)], ...given };
        },
        ['id', 'settings'],
      );
      context.defineCall(
        'ga4User',
        ({ ga4UserId }) => {
          if (!isId(ga4UserId)) throw Error(MSG_GA4_REQUIRED);
          ga4 = String(ga4UserId);
        },
        ['ga4UserId'],
      );
      context.defineCall('dataFromSource', ({ sourceId, data }) => fromSource(sourceId, data), ['sourceId', 'data']);
      context.defineCall('tags', ({ tags: given }) => addTags(given), ['tags']);
    },
    create: () => module,
  });
}
