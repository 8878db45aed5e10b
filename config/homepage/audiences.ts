/**
 * The homepage audiences of homepage-spec §3 (HPC-25..32).
 *
 * Placeholders (ruling 18): the spec names neither the segResponse trait for registered users nor the
 * local-storage key holding the analytics user traits; both are in ./placeholders.ts. The unregistered
 * audience's two conditions are evaluated by the homepage's own matchers (./matchers.ts).
 */
import type { Audience, AudienceIdExpression } from '../../core/project/types';
import { REGISTERED_TRAIT, USER_TRAITS_KEY } from './placeholders';

export { REGISTERED_TRAIT, USER_TRAITS_KEY };

/** Audience ids, as the experiments name them. */
export const AUDIENCE = {
  everyoneElse: 'everyone_else',
  desktopOnly: 'desktop_only',
  new: 'new',
  returning: 'returning',
  ausNz: 'aus_nz',
  unregistered: 'unregistered_enhanced',
} as const;

/** The six homepage audiences. */
export const HOMEPAGE_AUDIENCES: Audience[] = [
  // Default remainder: qualifies everyone; it is the remainder because it comes last in the layer's
  // priorities (and EVERYONE_ELSE_ONLY below shows the same as an audience id expression).
  { id: 'everyone_else', name: 'Everyone else', conditions: ['and'] },
  // Ruling 8: the device type from the user agent.
  { id: 'desktop_only', name: 'Desktop Only', conditions: ['and', { type: 'device', value: 'desktop_laptop' }] },
  { id: 'new', name: 'New', conditions: ['and', { type: 'first_session', value: true }] },
  { id: 'returning', name: 'Returning', conditions: ['and', ['not', { type: 'first_session' }]] },
  { id: 'aus_nz', name: 'AUS + NZ', conditions: ['or', { type: 'location', value: 'AU' }, { type: 'location', value: 'NZ' }] },
  {
    id: 'unregistered_enhanced',
    name: 'Unregistered Users (Enhanced)',
    // config/homepage/matchers.ts: storage that cannot be read, or a value of the wrong shape, is unknown.
    conditions: [
      'and',
      { type: 'seg_response', name: REGISTERED_TRAIT },
      { type: 'user_traits', name: USER_TRAITS_KEY, value: ['signup_source', 'loggedIn'] },
    ],
  },
];

/** "Everyone else" as the visitors in none of the other targeted audiences (HPC-25), as nested audience ids. */
export const EVERYONE_ELSE_ONLY: AudienceIdExpression = ['and', 'everyone_else', ['not', ['or', 'desktop_only', 'aus_nz', 'unregistered_enhanced']]];
