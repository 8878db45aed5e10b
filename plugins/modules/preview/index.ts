/**
 * The preview cookie (`varia_preview`) and the preview project (KRN-46, ERR-54, ERR-47): what a staff member
 * previewing a project revision carries. The cookie holds JSON `{ projectId, layerIds?, variationIds? }`.
 * Read at the `init` stage: a cookie that does not parse as such an object is emitted as a user error
 * (ApiError `Could not parse the preview cookie`, KRN-46) and ignored; one naming another project is
 * refused with `Preview projectId does not match expected` (ERR-47; the homepage bootstrap's BOOT-10 builds
 * on it). `get('preview').preview()` gives the accepted preview, or null.
 */
import { COOKIE_NAMES, definePlugin, type PluginContext, type PluginOf } from '../../../core';

/** The message of a preview cookie that does not parse (ERR-54: the spec gives no text). */
export const MSG_PREVIEW_COOKIE = 'Could not parse the preview cookie';
/** Catalogue text (ERR-47). */
export const MSG_PREVIEW_PROJECT = 'Preview projectId does not match expected';

/** A preview the cookie asked for. */
export interface Preview {
  projectId: string;
  layerIds: string[];
  variationIds: string[];
}

/** What `get('preview')` returns. */
export interface PreviewModule {
  /** The preview of this project the cookie carries, or null (none, unreadable, or another project's). */
  preview(): Preview | null;
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** Parses the cookie's text; undefined when it is not a preview object. */
export const parsePreview = (text: string): Preview | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { projectId, layerIds, variationIds } = value as Record<string, unknown>;
  if (typeof projectId !== 'string' || !projectId) return undefined;
  return { projectId, layerIds: ids(layerIds), variationIds: ids(variationIds) };
};

export default function preview(): PluginOf<'apiModule'> {
  let ctx: PluginContext | undefined;
  let read = false;
  let accepted: Preview | null = null;

  const check = () => {
    if (read || !ctx) return;
    read = true;
    const text = ctx.plugin('storage', 'cookie')?.read(COOKIE_NAMES.preview);
    if (typeof text !== 'string' || !text) return;
    const parsed = parsePreview(text);
    if (!parsed) return void ctx.report('ApiError', Error(MSG_PREVIEW_COOKIE), { cookie: COOKIE_NAMES.preview });
    if (parsed.projectId !== String(ctx.data.projectId)) return void ctx.report('ApiError', Error(MSG_PREVIEW_PROJECT), { projectId: parsed.projectId });
    accepted = parsed;
  };

  return definePlugin({
    type: 'apiModule',
    name: 'preview',
    setup(context) {
      ctx = context;
      context.hook('init', check);
    },
    create: (): PreviewModule => ({
      preview: () => (check(), accepted),
    }),
  });
}
