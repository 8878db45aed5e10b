/**
 * The animation loader (WID-50..53): plays a Lottie animation in a container with the player loaded
 * on demand, or shows a static image instead.
 *
 * - Without a container, an animation path and a fallback image it does nothing (WID-50).
 * - Below 1270 px wide, and for visitors who ask for reduced motion, the static image is shown and
 *   neither the player nor the animation is loaded (WID-52).
 * - The animation JSON is fetched by the loader itself (not by the player), once per window and
 *   URL, so a failed request, a body that is not JSON, or JSON that is not an animation are all
 *   caught; any of them, a player that fails to load, or a player that fails while building, shows
 *   the static image (WID-51).
 */
import { joinUrl, loadLibrary, loadText } from './animation-libraries';
import type { Track } from './track';

/** Below this width the static image is used (WID-52). */
export const STATIC_BELOW = 1270;

/** The player's API, as much of it as the loader uses. */
interface Player {
  loadAnimation(params: {
    container: Element;
    renderer: 'svg';
    loop: boolean;
    autoplay: boolean;
    animationData: unknown;
    rendererSettings?: Record<string, unknown>;
  }): { destroy(): void; addEventListener(name: string, fn: () => void): void };
}

/** What to play. */
export interface AnimationRequest {
  container: Element | null | undefined;
  /** URL of the animation JSON (relative to `assetBase` unless absolute or rooted). */
  path: string;
  /** URL of the static image. */
  fallback: string;
  /** Text alternative of the image ('' for a decorative one). */
  alt?: string;
  /** Base of relative paths. */
  assetBase: string;
  /** URL of the player script. */
  playerUrl: string;
}

/** What ended up in the container. */
export type AnimationOutcome = 'animation' | 'image' | 'none';

/** What the loader hands back: the outcome once known, and the function that removes it. */
export interface AnimationHandle {
  readonly done: Promise<AnimationOutcome>;
  destroy(): void;
}

/** A path with a scheme (`https:`, `blob:`), protocol-relative or rooted is used as given; others join the base. */
const resolveAsset = (base: string, path: string) => (/^([a-z][a-z\d+.-]*:|\/)/i.test(path) ? path : joinUrl(base, path));

/** Whether the JSON has the shape of an animation the player can build. */
const isAnimation = (data: unknown): boolean => {
  const a = data as { w?: unknown; h?: unknown; layers?: unknown; op?: unknown } | null;
  return !!a && typeof a.w == 'number' && typeof a.h == 'number' && typeof a.op == 'number' && Array.isArray(a.layers);
};

/** Plays `request`'s animation in its container, or shows the static image (see the file comment). */
export const showAnimation = (t: Track, request: AnimationRequest): AnimationHandle => {
  const { container, path, fallback } = request;
  if (!container || !path || !fallback) return { done: Promise.resolve('none'), destroy() {} };
  let ended = false;
  let undoPlayer = () => {};
  let image: HTMLImageElement | undefined;
  const destroy = () => {
    // Stryker disable next-line ConditionalExpression: a second call would find the player already undone (undoPlayer resets itself) and the image already out of the page
    if (ended) return;
    ended = true;
    undoPlayer();
    image?.remove();
  };
  t.later(destroy);
  const showImage = (): AnimationOutcome => {
    if (ended) return 'none';
    undoPlayer();
    image = t.doc.createElement('img');
    image.src = resolveAsset(request.assetBase, fallback);
    image.alt = request.alt ?? '';
    image.decoding = 'async';
    image.className = 'varia-animation-image';
    container.append(image);
    return 'image';
  };
  const reduced = t.win.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (t.win.innerWidth < STATIC_BELOW || reduced) return { done: Promise.resolve(showImage()), destroy };

  const play = async (): Promise<AnimationOutcome> => {
    const [player, data] = await Promise.all([
      loadLibrary<Player>(t, resolveAsset(request.assetBase, request.playerUrl), 'lottie'),
      // Parsed for each show: the player completes the data it is given in place.
      loadText(t, resolveAsset(request.assetBase, path)).then((text) => JSON.parse(text) as unknown),
    ]);
    if (!isAnimation(data)) throw Error('the file is not an animation');
    if (ended) return 'none';
    const box = t.doc.createElement('div');
    box.className = 'varia-animation';
    container.append(box);
    let animation: ReturnType<Player['loadAnimation']>;
    try {
      // Stryker disable next-line ObjectLiteral,StringLiteral: 'xMidYMid meet' is also the player's default, which it uses for '' too; set here so the picture never depends on it
      animation = player.loadAnimation({ container: box, renderer: 'svg', loop: true, autoplay: true, animationData: data, rendererSettings: { preserveAspectRatio: 'xMidYMid meet' } });
    } catch (error) {
      box.remove();
      throw error;
    }
    undoPlayer = () => {
      undoPlayer = () => {};
      animation.destroy();
      box.remove();
    };
    // The player reports a broken animation by event rather than by throwing.
    animation.addEventListener('data_failed', t.guard(() => void showImage()));
    return 'animation';
  };
  const done = play().catch((error: unknown) => {
    t.log.warn(`Widget "${t.name}": animation ${path} not played (${(error as Error)?.message ?? error}); showing its image`);
    return showImage();
  });
  return { done, destroy };
};
