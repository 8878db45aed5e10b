/**
 * Requests the project the address names (`#/p/<id>/...`) before anything else of the renderer
 * runs: main.tsx imports this module first, so the request overlaps React's start-up.
 */
import { prefetchProject } from '../model/opening';

const route = /^#\/p\/([a-z0-9_-]+)/.exec(window.location.hash);
if (route) void prefetchProject(route[1]);
