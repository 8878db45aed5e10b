import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { prefetchProject } from './model/project-model';
import './app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render the editor into');

// Opening a project is what people wait for: its content is requested before React renders.
const opening = /^#\/p\/([a-z0-9_-]+)/.exec(window.location.hash);
if (opening) void prefetchProject(opening[1]);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
