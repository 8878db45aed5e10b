// First: it requests the project the address names while the rest of the renderer starts.
import './shell/prefetch';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadCanvasOnRoute } from './canvas/frame-host';
import './app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render the editor into');

// The canvas page loads side by side with the project (web mode; see canvas/frame-host.ts).
preloadCanvasOnRoute();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
