/**
 * Assets of the use-case section and banner browser tests: the real animation player (lottie-web,
 * served by the test server from node_modules), the real authored animations and static images of
 * the local services (built from the same scenes, handed to the page as blob URLs), a broken
 * animation, and a config pointing the widget at them.
 */
import { TAB_TOPICS, type Topic } from '../../../plugins/widgets/use-case-section/schema';
import { sceneOf } from '../../../services/routes/homepage-assets/scenes';
import { toLottie, toSvg } from '../../../services/routes/homepage-assets/scene';

const blob = (text: string, type: string) => URL.createObjectURL(new Blob([text], { type }));

/** Blob URLs of each topic's animation and image. */
export const ASSETS = Object.fromEntries(
  TAB_TOPICS.map((topic) => [topic, { animation: blob(JSON.stringify(toLottie(sceneOf(topic))), 'application/json'), image: blob(toSvg(sceneOf(topic)), 'image/svg+xml') }]),
) as Record<Topic, { animation: string; image: string }>;

/** An animation file cut in the middle, and JSON that is not an animation. */
export const BROKEN_ANIMATION = blob('{"v":"5.7.4","layers":[{"ty":4,', 'application/json');
export const NOT_AN_ANIMATION = blob('{"message":"hello"}', 'application/json');

/** Where the test server serves the player from. */
export const LIBRARY_BASE = '/node_modules';
export const PLAYER_PATH = 'lottie-web/build/player/lottie_light.min.js';

/** A full use-case config on the test assets; `overrides` last. */
export const useCaseConfig = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const config: Record<string, unknown> = { libraryBase: LIBRARY_BASE, playerPath: PLAYER_PATH, injectionElement: '#use-case-injection' };
  for (const topic of TAB_TOPICS) {
    config[`${topic}_animation`] = ASSETS[topic].animation;
    config[`${topic}_image`] = ASSETS[topic].image;
    config[`${topic}_header`] = `Header of ${topic}`;
    config[`${topic}_copy`] = `Copy of ${topic}`;
  }
  return { ...config, ...overrides };
};
