/**
 * Values the spec states but does not give (ruling 18). Each is a clearly marked placeholder, never an
 * invented fact presented as real: replace them with the site's real values before publishing. Tests
 * name them through these constants, so replacing one never breaks a test.
 */

/** Marks every placeholder text, so a page showing one is recognisable at a glance. */
export const PLACEHOLDER_MARK = '[placeholder]';

/** The Korean business registration number (HPC-47, WID-115: "a registration number is stated"). */
export const KOREAN_REGISTRATION_NUMBER = `${PLACEHOLDER_MARK} 000-00-00000`;
/** The Korean business address (HPC-47, WID-115). */
export const KOREAN_BUSINESS_ADDRESS = `${PLACEHOLDER_MARK} 서울특별시 (주소 미정)`;
/** The reworded Atlas navigation label (HPC-48, WID-117: the new wording is not given). */
export const ATLAS_NAV_LABEL = `Atlas ${PLACEHOLDER_MARK}`;
/** The hero's default eyebrow and call-to-action text (homepage-spec §9: "defaulted", values not given). */
export const HERO_DEFAULT_EYEBROW = `${PLACEHOLDER_MARK} Hero eyebrow`;
export const HERO_DEFAULT_CTA = `${PLACEHOLDER_MARK} Get started`;
/** The class the page gets once the banner is set up (WID-88: "a ready marker class"). */
export const READY_MARKER_CLASS = 'placeholder-banner-ready';
/** QA mode (BOOT-5): the test cookie and the query parameter (names not given). */
export const QA_COOKIE = 'placeholder_qa';
export const QA_PARAM = 'placeholder_qa';
/** The marketing registered-users trait inside segResponse.found_traits (HPC-31, name not given). */
export const REGISTERED_TRAIT = 'PLACEHOLDER_registered_users';
/**
 * The local-storage key of the analytics user traits (HPC-32, key not given): `ajs_user_traits` is
 * where the common analytics library keeps them, so it is a convention rather than a placeholder.
 */
export const USER_TRAITS_KEY = 'ajs_user_traits';
/** The vendor's own domain for the new-tab rule of banner cards (ruling 18: a configuration value). */
export const VENDOR_DOMAIN = 'leafline.example';
