/**
 * The page canvas (EDT-14..18, EDT-21..23): the project's page in editor mode at a device width,
 * with the view and locale switcher, the element picker and its breadcrumb, live preview of the
 * selected variation, and preview as a visitor with a shareable link.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { previewList, savedChanges } from '../inspector/changes/variation-changes';
import { canvasOrigin } from '../model/backend';
import { useModel, useRows } from '../model/hooks';
import type { ProjectStore } from '../model/project-store';
import type { SlotProps } from '../workspace/slot-props';
import { Breadcrumb } from './breadcrumb';
import { canvasSession, setPreviewRows, useCanvasState } from './canvas-session';
import './canvas.css';
import { rememberDefaultPath } from './frame-host';
import { PageFrame } from './page-frame';
import { useVisitorPreview, VisitorPreviewBar } from './visitor-preview';
import { campaignsOnView, chosenOn, visitorChanges } from './visitor-campaigns';
import { VisitorChoice, VisitorLine } from './visitor-choice';
import { canvasViews } from './views';

/** Device widths (EDT-18). */
export const DEVICES = [
  { id: 'mobile', label: 'Mobile', width: 375 },
  { id: 'tablet', label: 'Tablet', width: 768 },
  { id: 'desktop', label: 'Desktop', width: 1280 },
  { id: 'wide', label: 'Wide', width: 1440 },
] as const;

/** The campaign row of the edited variation, if one is selected. */
const editedLayerOf = (store: ProjectStore, variationRowId: string | undefined): string | undefined => {
  const experimentRowId = variationRowId ? store.getCell('variations', variationRowId, 'experimentId') : undefined;
  const layerRowId = typeof experimentRowId === 'string' ? store.getCell('experiments', experimentRowId, 'layerId') : undefined;
  return typeof layerRowId === 'string' ? layerRowId : undefined;
};

/** The canvas of the Design tab. */
export function Canvas({ variationRowId }: SlotProps) {
  const model = useModel();
  const pages = useRows('pages');
  const changeRows = useRows('changes');
  const actionRows = useRows('actions', variationRowId);
  const allActions = useRows('actions');
  const variationRows = useRows('variations');
  const experimentRows = useRows('experiments');
  const layerRows = useRows('layers');
  const views = useMemo(() => canvasViews(model.store), [model, pages]);
  // The page is loaded from the canvas origin, another than the editor's (see model/backend.ts).
  const base = useMemo(() => canvasOrigin(), []);
  const [path, setPath] = useState<string>();
  const [device, setDevice] = useState<(typeof DEVICES)[number]>(DEVICES[2]);
  const [reloadKey, setReloadKey] = useState(0);
  const state = useCanvasState();
  const stage = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 1000, height: 700 });

  const view = views.find((candidate) => candidate.path === path) ?? views[0];
  const currentPath = path ?? view.path;
  const url = base ? new URL(currentPath, base).toString() : undefined;

  useEffect(() => canvasSession.setView(url ? { pageId: view.pageId, url } : undefined), [url, view.pageId]);
  // The next opening of this project preloads this page while the project loads (frame-host.ts).
  useEffect(() => rememberDefaultPath(model.projectId, views[0].path), [model, views]);

  // The stage's size: the page is scaled down when the device is wider than the space.
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setBox({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = Math.min(1, (box.width - 32) / device.width);
  const frameHeight = Math.max(320, Math.round((box.height - 24) / scale));

  // Live preview (EDT-21): the variation's saved changes and the inspector's draft, on every edit.
  const saved = useMemo(() => savedChanges(model.store, variationRowId, view.pageId), [model, variationRowId, view.pageId, changeRows, actionRows]);
  // As a visitor sees it (issue 37): the variations chosen in the other campaigns on the view, applied first.
  const editedLayer = useMemo(() => editedLayerOf(model.store, variationRowId), [model, variationRowId, variationRows, experimentRows]);
  const campaigns = useMemo(
    () => campaignsOnView(model.store, view.pageId, editedLayer),
    [model, view.pageId, editedLayer, layerRows, experimentRows, variationRows, allActions, changeRows],
  );
  const others = useMemo(() => visitorChanges(model.store, view.pageId, chosenOn(campaigns, state.asVisitor)), [model, view.pageId, campaigns, state.asVisitor]);
  useEffect(() => {
    if (!state.connected) return;
    setPreviewRows(Object.fromEntries(saved.map(({ rowId, change }) => [change.id ?? rowId, rowId])));
    if (!variationRowId && !state.draft && !others.length) canvasSession.clearPreview();
    else canvasSession.preview([...others, ...previewList(saved, state.draft)]);
  }, [saved, others, state.draft, state.connected, variationRowId]);

  const variationId = variationRowId ? String(model.store.getCell('variations', variationRowId, 'id') ?? variationRowId) : undefined;
  const visitor = useVisitorPreview(model, url, variationId);

  return (
    <section className="cv" aria-label="Page canvas">
      <div className="cv-toolbar" role="toolbar" aria-label="Canvas">
        <label className="cv-field">
          <span className="cv-sr">View</span>
          <select aria-label="View" value={view.path} onChange={(event) => setPath(event.target.value)}>
            {views.map((candidate) => (
              <option key={candidate.pageId + candidate.path} value={candidate.path}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
        <form
          className="cv-address"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('path');
            if (typeof value === 'string' && value.startsWith('/')) setPath(value);
          }}
        >
          <span className="cv-address__host">{base ? new URL(base).host : '…'}</span>
          <input key={currentPath} name="path" aria-label="Page path" defaultValue={currentPath} spellCheck={false} title={base ? `On ${new URL(base).host}: type a path and press Enter` : undefined} />
        </form>
        <div className="cv-devices" role="radiogroup" aria-label="Device width">
          {DEVICES.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              role="radio"
              aria-checked={candidate.id === device.id}
              className={candidate.id === device.id ? 'is-on' : ''}
              title={`${candidate.label} (${candidate.width} px)`}
              onClick={() => setDevice(candidate)}
            >
              <span className="cv-devices__label">{candidate.label} </span>
              <small>{candidate.width}</small>
            </button>
          ))}
        </div>
        <span className="cv-spacer" />
        <VisitorChoice campaigns={campaigns} chosen={state.asVisitor} />
        <button
          type="button"
          className={`cv-button cv-pick${state.pickerOn ? ' is-on' : ''}`}
          aria-pressed={state.pickerOn}
          disabled={!state.connected}
          onClick={() => canvasSession.setPicker(!state.pickerOn)}
          title="Pick an element (Esc leaves the picker)"
        >
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M2 2l4.5 11 1.6-4.4L12.5 7z" fill="currentColor" /></svg>
          Pick element
        </button>
        <button type="button" className="cv-button cv-button--icon" onClick={() => setReloadKey((key) => key + 1)} title="Reload the page" aria-label="Reload the page">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M13.5 8a5.5 5.5 0 1 1-1.6-3.9M13.5 2.5v3h-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" /></svg>
        </button>
        <button
          type="button"
          className="cv-button cv-button--primary"
          disabled={!visitor.preview || visitor.preview.state === 'preparing'}
          onClick={() => void visitor.open()}
          title={visitor.preview ? 'Open the page as a visitor of this variation would see it once published, with the QA log on' : 'Select a variation to preview it as a visitor'}
        >
          {visitor.preview?.state === 'preparing' ? 'Preparing preview…' : 'Preview as visitor'}
        </button>
      </div>
      <VisitorLine campaigns={campaigns} chosen={state.asVisitor} />
      {visitor.preview ? <VisitorPreviewBar preview={visitor.preview} /> : null}
      <div className="cv-stage" ref={stage}>
        <div className="cv-device" style={{ width: device.width * scale, height: frameHeight * scale }}>
          <div style={{ width: device.width, height: frameHeight, transform: `scale(${scale})`, transformOrigin: '0 0' }}>
            {url ? <PageFrame url={url} reloadKey={reloadKey} width={device.width} height={frameHeight} title={`${view.name} in editor mode`} /> : null}
          </div>
        </div>
        {!state.connected ? <div className="cv-loading">Loading the page in editor mode…</div> : null}
      </div>
      <Breadcrumb state={state} scale={scale} width={device.width} />
    </section>
  );
}
