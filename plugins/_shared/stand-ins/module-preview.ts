/**
 * The whole preset's stand-in of plugins/modules/preview (compiler/snippet-parts.ts): the preview module
 * is part `module-preview`, swapped in before init only on a page whose visitor carries the preview cookie
 * (a staff member previewing a revision); without it, `get('preview').preview()` is null, as the module
 * answers without a cookie.
 */
import { COOKIE_NAMES } from '../../../core';
import { moduleStandIn } from '../stand-in';

export default () =>
  moduleStandIn('preview', 'module-preview', { preview: () => null }, { wanted: (_data, ctx) => !!ctx?.plugin('storage', 'cookie')?.read(COOKIE_NAMES.preview) });
