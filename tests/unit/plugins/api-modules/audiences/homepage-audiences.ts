/**
 * The homepage audiences of homepage-spec §3 (HPC-25..32) as audience data for the matchers of this
 * issue. The homepage configuration issue will move them into config/.
 *
 * Placeholders (ruling 18): the spec names neither the segResponse trait for registered users nor the
 * local-storage key holding the analytics user traits. The trait name is a clearly marked placeholder;
 * the traits key is `ajs_user_traits`, where the common analytics library keeps user traits; both are
 * constants here so the configuration can replace them.
 */
import type { Audience, AudienceIdExpression } from '../../../../../core/project/types';

/** PLACEHOLDER: the marketing registered-users trait inside segResponse.found_traits (HPC-31, name not given). */
export const REGISTERED_TRAIT = 'PLACEHOLDER_registered_users';
/** The local-storage key of the analytics user traits (HPC-32, key not given by the spec). */
export const USER_TRAITS_KEY = 'ajs_user_traits';

const registered = `segResponse.found_traits.${REGISTERED_TRAIT}`;

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
    conditions: [
      'and',
      ['or', ['not', { type: 'session_storage', name: registered, match: 'exists' }], { type: 'session_storage', name: registered, match: 'exact', value: false }],
      ['not', { type: 'local_storage', name: `${USER_TRAITS_KEY}.signup_source`, match: 'exists' }],
      ['not', { type: 'local_storage', name: `${USER_TRAITS_KEY}.loggedIn`, match: 'exists' }],
    ],
  },
];

/** "Everyone else" as the visitors in none of the other targeted audiences (HPC-25), as nested audience ids. */
export const EVERYONE_ELSE_ONLY: AudienceIdExpression = ['and', 'everyone_else', ['not', ['or', 'desktop_only', 'aus_nz', 'unregistered_enhanced']]];
