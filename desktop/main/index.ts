/**
 * Entry of the editor's main process (built to `out/main/index.js`, the
 * package's `main`). All behaviour lives in modules that unit tests can import
 * without starting the app.
 */
import { startDesktopApp } from './app-lifecycle';

startDesktopApp({ mainDir: import.meta.dirname });
