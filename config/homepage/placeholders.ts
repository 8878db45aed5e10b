/**
 * Values the spec states but does not give (rulings 18 and 26). Each is a stand-in, listed here and in
 * {@link STAND_INS} so a review finds them all; replace them with the site's real values before
 * publishing. What a visitor can read is believable copy (never the word "placeholder" nor brackets),
 * and nothing here is an invented fact presented as real: the registration number is all zeros and the
 * address names a district only. Tests name them through these constants, so replacing one never
 * breaks a test.
 */

/** The Korean business registration number (HPC-47, WID-115: "a registration number is stated"). */
export const KOREAN_REGISTRATION_NUMBER = '000-00-00000';
/** The Korean business address (HPC-47, WID-115): the district only. */
export const KOREAN_BUSINESS_ADDRESS = '서울특별시 강남구';
/** The reworded Atlas navigation label (HPC-48, WID-117: the new wording is not given). */
export const ATLAS_NAV_LABEL = 'Atlas Database';
/** The hero's default eyebrow and call-to-action text (homepage-spec §9: "defaulted", values not given). */
export const HERO_DEFAULT_EYEBROW = 'The developer data platform';
export const HERO_DEFAULT_CTA = 'Start free';
/** The class the page gets once the banner is set up (WID-88: "a ready marker class"). */
export const READY_MARKER_CLASS = 'vbn-ready';
/** QA mode (BOOT-5): the test cookie and the query parameter (names not given). */
export const QA_COOKIE = 'varia_qa';
export const QA_PARAM = 'varia_qa';
/** The marketing registered-users trait inside segResponse.found_traits (HPC-31, name not given). */
export const REGISTERED_TRAIT = 'registered_users';
/**
 * The local-storage key of the analytics user traits (HPC-32, key not given): `ajs_user_traits` is
 * where the common analytics library keeps them, so it is a convention rather than a stand-in.
 */
export const USER_TRAITS_KEY = 'ajs_user_traits';
/** The vendor's own domain for the new-tab rule of banner cards (ruling 18: a configuration value). */
export const VENDOR_DOMAIN = 'leafline.example';

/** Every stand-in above (ruling 18): what a site replaces with its real values before publishing. */
export const STAND_INS = {
  KOREAN_REGISTRATION_NUMBER,
  KOREAN_BUSINESS_ADDRESS,
  ATLAS_NAV_LABEL,
  HERO_DEFAULT_EYEBROW,
  HERO_DEFAULT_CTA,
  READY_MARKER_CLASS,
  QA_COOKIE,
  QA_PARAM,
  REGISTERED_TRAIT,
  VENDOR_DOMAIN,
} as const;
