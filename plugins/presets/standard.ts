/**
 * The standard preset: every plugin a campaign-running page needs, in the order they must be
 * registered. Storage comes first (the visitor reads it in setup), the modules next, and `pages` last:
 * it runs the activation sequence and calls the others, which must be registered by then.
 *
 * A project that needs less (no audiences of some type, no cross-domain storage) lists its own
 * plugins instead; a snippet carries only what its project imports.
 */
import type { Plugin } from '../../core';
import audiences from '../modules/audiences';
import changes from '../modules/changes';
import controls from '../modules/controls';
import decisions from '../modules/decisions';
import features from '../modules/features';
import integrations from '../modules/integrations';
import pages from '../modules/pages';
import preview from '../modules/preview';
import qaLog from '../modules/qa-log';
import visitor from '../modules/visitor';
import behavior from '../audience-matchers/behavior';
import cookiesMatcher from '../audience-matchers/cookies';
import customAttribute from '../audience-matchers/custom-attribute';
import deviceMatcher from '../audience-matchers/device';
import firstSession from '../audience-matchers/first-session';
import listMatcher from '../audience-matchers/list';
import localStorageMatcher from '../audience-matchers/local-storage';
import locationMatcher from '../audience-matchers/location';
import queryMatcher from '../audience-matchers/query';
import referrerMatcher from '../audience-matchers/referrer';
import segment from '../audience-matchers/segment';
import sessionStorageMatcher from '../audience-matchers/session-storage';
import sourceType from '../audience-matchers/source-type';
import timeAndDay from '../audience-matchers/time-and-day';
import urlMatcher from '../audience-matchers/url';
import append from '../change-appliers/append';
import attribute from '../change-appliers/attribute';
import customCode from '../change-appliers/custom-code';
import rearrange from '../change-appliers/rearrange';
import redirect from '../change-appliers/redirect';
import widget from '../change-appliers/widget';
import equalPriority from '../deciders/equal-priority';
import multivariate from '../deciders/multivariate';
import singleExperiment from '../deciders/single-experiment';
import click from '../event-implementations/click';
import custom from '../event-implementations/custom';
import engagement from '../event-implementations/engagement';
import pageview from '../event-implementations/pageview';
import cookiesProvider from '../profile-providers/cookies';
import deviceProvider from '../profile-providers/device';
import listProvider from '../profile-providers/list';
import locationProvider from '../profile-providers/location';
import queryProvider from '../profile-providers/query';
import referrerProvider from '../profile-providers/referrer';
import segments from '../profile-providers/segments';
import source from '../profile-providers/source';
import storageProvider from '../profile-providers/storage';
import time from '../profile-providers/time';
import urlProvider from '../profile-providers/url';
import cookie from '../storage/cookie';
import crossDomain from '../storage/cross-domain';
import local from '../storage/local';
import session from '../storage/session';
import batch from '../trackers/batch';
import rum from '../trackers/rum';
import callback from '../view-providers/callback';
import domChanged from '../view-providers/dom-changed';
import immediate from '../view-providers/immediate';
import manual from '../view-providers/manual';
import polling from '../view-providers/polling';
import urlChanged from '../view-providers/url-changed';

/** Options of {@link standardPreset}: the options of the plugins that take some. */
export interface StandardPresetOptions {
  /** Cross-domain storage: its options, or false (the default) to leave it out. */
  crossDomain?: Parameters<typeof crossDomain>[0] | false;
  /** The decisions module (prediction host of the contextual bandit...). */
  decisions?: Parameters<typeof decisions>[0];
  /** The changes module (timeouts, pre-hiding). */
  changes?: Parameters<typeof changes>[0];
  /** The batch tracker (collector host...). */
  tracker?: Parameters<typeof batch>[0];
  /** Performance reporting: its options, or false (the default) to leave it out. */
  rum?: Parameters<typeof rum>[0] | false;
  /**
   * Widget plugins (plugins/widgets/) the project's widget changes show, registered after the widget
   * change applier. None by default: widgets are page-specific, so a project names the ones it uses
   * (a fitted JSON project gets them from its widget changes, see fit.ts).
   */
  widgets?: readonly Plugin[];
}

/** The standard plugin list, in registration order. */
export const standardPreset = (options: StandardPresetOptions = {}): Plugin[] => [
  local(),
  session(),
  cookie(),
  ...(options.crossDomain ? [crossDomain(options.crossDomain)] : []),
  controls(),
  visitor(),
  audiences(),
  behavior(),
  cookiesMatcher,
  customAttribute(),
  deviceMatcher,
  firstSession,
  listMatcher,
  localStorageMatcher,
  locationMatcher,
  queryMatcher,
  referrerMatcher,
  segment,
  sessionStorageMatcher,
  sourceType,
  timeAndDay,
  urlMatcher,
  cookiesProvider(),
  deviceProvider(),
  listProvider(),
  locationProvider(),
  queryProvider(),
  referrerProvider(),
  segments(),
  source(),
  storageProvider(),
  time(),
  urlProvider(),
  singleExperiment,
  multivariate,
  equalPriority,
  decisions(options.decisions),
  changes(options.changes),
  integrations(),
  preview(),
  features(),
  qaLog(),
  attribute,
  append,
  rearrange,
  redirect,
  customCode,
  widget,
  ...(options.widgets ?? []),
  immediate,
  callback,
  polling(),
  manual,
  urlChanged,
  domChanged(),
  click(),
  pageview,
  custom,
  engagement,
  batch(options.tracker),
  ...(options.rum ? [rum(options.rum)] : []),
  pages(),
];
