/**
 * "Preview as visitor" (EDT-23, issue 36): what will go live, not what is live. A click saves the
 * working copy and asks the services for a preview link; the page's bootstrap then runs the working
 * copy's data with the variation forced, and the page shows a notice that it is an unpublished preview
 * (and what else this browser was decided into). A project whose pages run no such bootstrap gets the
 * live revision with the variation forced, and the bar says so; a working copy with errors is not
 * previewed, and the bar says how many problems review lists.
 */
import { useEffect, useState } from 'react';
import { BackendError, callApi } from '../model/backend';
import type { ProjectModel } from '../model/project-model';
import { visitorPreviewUrl } from './preview-link';

/** Where the preview of one variation stands. */
export type VisitorPreview =
  | { state: 'live'; url: string }
  | { state: 'preparing'; url: string }
  | { state: 'working-copy'; url: string; expiresAt: string }
  | { state: 'live-only'; url: string; reason: string }
  | { state: 'refused'; url: string; reason: string };

/** The preview of `variationId` on `pageUrl`, and the action that prepares and opens it. */
export function useVisitorPreview(model: ProjectModel, pageUrl: string | undefined, variationId: string | undefined) {
  const liveUrl = pageUrl && variationId ? visitorPreviewUrl(pageUrl, variationId) : undefined;
  const [preview, setPreview] = useState<VisitorPreview | undefined>();
  // A link is for one variation on one page: another selection starts from the live link again.
  useEffect(() => setPreview(liveUrl ? { state: 'live', url: liveUrl } : undefined), [liveUrl]);

  const open = async () => {
    if (!pageUrl || !variationId || !liveUrl) return;
    setPreview({ state: 'preparing', url: liveUrl });
    try {
      await model.save();
      const link = await callApi('previewLink', { params: { id: model.projectId }, body: { variationIds: [variationId] } });
      const url = visitorPreviewUrl(pageUrl, variationId, link.token);
      setPreview({ state: 'working-copy', url, expiresAt: link.expiresAt });
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      const problems = error instanceof BackendError && Array.isArray(error.body.problems) ? error.body.problems.length : 0;
      if (error instanceof BackendError && error.status === 422 && problems === 0) {
        setPreview({ state: 'live-only', url: liveUrl, reason: error.message });
        window.open(liveUrl, '_blank', 'noopener');
      } else {
        setPreview({ state: 'refused', url: liveUrl, reason: problems ? `${error instanceof Error ? error.message : ''} Open Review to see them.` : `The preview could not be prepared: ${(error as Error).message}` });
      }
    }
  };
  return { preview, open };
}

const LABELS: Record<VisitorPreview['state'], string> = {
  live: 'Live link',
  preparing: 'Preparing…',
  'working-copy': 'Unpublished preview',
  'live-only': 'Live link',
  refused: 'Live link',
};

/** The bar under the toolbar: the link to share, and what it shows. */
export function VisitorPreviewBar({ preview }: { preview: VisitorPreview }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(preview.url).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  const note =
    preview.state === 'working-copy'
      ? `Shows the working copy with this variation forced, until ${new Date(preview.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}. Nothing is tracked.`
      : preview.state === 'live-only' || preview.state === 'refused'
        ? preview.reason
        : preview.state === 'live'
          ? 'The live revision with this variation forced. Preview as visitor shows your unpublished edits.'
          : 'Saving and compiling the working copy…';
  return (
    <div className={`cv-share cv-share--${preview.state}`} aria-label="Shareable preview link">
      <span className="cv-share__label" data-testid="preview-kind">{LABELS[preview.state]}</span>
      <input readOnly value={preview.url} aria-label="Preview link" onFocus={(event) => event.currentTarget.select()} />
      <button type="button" className="cv-button cv-button--small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <a className="cv-button cv-button--small" href={preview.url} target="_blank" rel="noopener noreferrer">Open</a>
      <p className={`cv-share__note${preview.state === 'refused' ? ' cv-share__note--error' : ''}`} role={preview.state === 'refused' ? 'alert' : 'status'} data-testid="preview-note">
        {note}
      </p>
    </div>
  );
}
