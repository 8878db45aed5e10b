/**
 * The homepage snippet's plugins: the standard preset's plugins that this project's data uses, listed
 * by hand so the snippet carries only what it imports (a `.ts` project is not fitted by the build).
 * tests/unit/config/homepage-project.test.ts checks the list against `fitStandardPreset(data)`, so a
 * new condition or change type in the data cannot be left without its plugin.
 *
 * The unregistered audience's two matchers are the project's own (./matchers.ts). The location provider answers from the local services' geolocation script (`/site/geolocation.js`,
 * a stand-in for the site's geo-IP service).
 */
import type { Plugin } from '../../core';
import audiences from '../../plugins/modules/audiences';
import changes from '../../plugins/modules/changes';
import controls from '../../plugins/modules/controls';
import decisions from '../../plugins/modules/decisions';
import pages from '../../plugins/modules/pages';
import qaLog from '../../plugins/modules/qa-log';
import visitor from '../../plugins/modules/visitor';
import deviceMatcher from '../../plugins/audience-matchers/device';
import firstSession from '../../plugins/audience-matchers/first-session';
import locationMatcher from '../../plugins/audience-matchers/location';
import append from '../../plugins/change-appliers/append';
import attribute from '../../plugins/change-appliers/attribute';
import customCode from '../../plugins/change-appliers/custom-code';
import widget from '../../plugins/change-appliers/widget';
import equalPriority from '../../plugins/deciders/equal-priority';
import singleExperiment from '../../plugins/deciders/single-experiment';
import click from '../../plugins/event-implementations/click';
import custom from '../../plugins/event-implementations/custom';
import deviceProvider from '../../plugins/profile-providers/device';
import locationProvider from '../../plugins/profile-providers/location';
import cookie from '../../plugins/storage/cookie';
import local from '../../plugins/storage/local';
import session from '../../plugins/storage/session';
import batch from '../../plugins/trackers/batch';
import immediate from '../../plugins/view-providers/immediate';
import { segResponseMatcher, userTraitsMatcher } from './matchers';
import aiBanner from '../../plugins/widgets/ai-banner';
import banner from '../../plugins/widgets/banner';
import demoBanner from '../../plugins/widgets/demo-banner';
import engagementGoals from '../../plugins/widgets/engagement-goals';
import hero from '../../plugins/widgets/hero';
import heroTrustSignals from '../../plugins/widgets/hero-trust-signals';
import koreanFooter from '../../plugins/widgets/korean-footer';
import pathfinder from '../../plugins/widgets/pathfinder';
import scrollGoals from '../../plugins/widgets/scroll-goals';
import timerGoals from '../../plugins/widgets/timer-goals';
import topBanner from '../../plugins/widgets/top-banner';
import useCaseSection from '../../plugins/widgets/use-case-section';

/** The geolocation script the location provider loads (served by services/routes/homepage.ts). */
export const GEOLOCATION_SCRIPT = '/site/geolocation.js';

/** The widget plugins the project's widget changes show (plugins/widgets/); an id without one still emits showWidget. */
export const WIDGET_PLUGINS: Plugin[] = [
  hero(),
  heroTrustSignals(),
  topBanner(),
  pathfinder(),
  aiBanner(),
  demoBanner(),
  timerGoals(),
  scrollGoals(),
  engagementGoals(),
  koreanFooter(),
  useCaseSection(),
  banner(),
];

/** Every plugin of the homepage snippet, in the standard preset's registration order. */
export const homepagePlugins = (): Plugin[] => [
  local(),
  session(),
  cookie(),
  controls(),
  visitor(),
  audiences(),
  deviceMatcher,
  firstSession,
  locationMatcher,
  segResponseMatcher(),
  userTraitsMatcher(),
  deviceProvider(),
  locationProvider({ scriptUrl: GEOLOCATION_SCRIPT }),
  singleExperiment,
  equalPriority,
  decisions(),
  changes(),
  // The QA log: `?varia_log=INFO` explains every decision, change and event (its explanations load on demand).
  qaLog(),
  attribute,
  append,
  customCode,
  widget,
  ...WIDGET_PLUGINS,
  immediate,
  click(),
  custom,
  batch(),
  pages(),
];
