/**
 * The canvas's control for seeing the page as a given visitor (issue 37): for each other campaign on
 * the view, the variation the visitor is in (the original by default), and a line saying in words what
 * the page shows, with the way back to the original of each.
 */
import { canvasSession } from './canvas-session';
import { chosenOn, visitorWords, type CampaignOnView } from './visitor-campaigns';

/** Props of the control and its line. */
export interface VisitorChoiceProps {
  campaigns: readonly CampaignOnView[];
  chosen: Readonly<Record<string, string>>;
}

/** The toolbar's "As a visitor" menu: one choice of variation per other campaign on the view. */
export function VisitorChoice({ campaigns, chosen }: VisitorChoiceProps) {
  if (!campaigns.length) return null;
  const count = chosenOn(campaigns, chosen).length;
  return (
    <details className="cv-visitor">
      <summary className={`cv-button${count ? ' is-on' : ''}`} title="See the page as a visitor in a variation of each other campaign on this view">
        As a visitor{count ? ` (${count})` : ''}
      </summary>
      <div className="cv-visitor__panel" role="group" aria-label="Other campaigns on this view">
        <p className="cv-visitor__hint">A visitor here is also in these campaigns. Choose the variation to see with the edited one (each starts at its original).</p>
        {campaigns.map((campaign) => (
          <label key={campaign.layerRowId} className="cv-visitor__row">
            <span>{campaign.layerName}</span>
            <select
              aria-label={`Variation of campaign ${campaign.layerName}`}
              value={campaign.variations.some((variation) => variation.variationRowId === chosen[campaign.layerRowId]) ? chosen[campaign.layerRowId] : ''}
              onChange={(event) => canvasSession.setAsVisitor(campaign.layerRowId, event.target.value || undefined)}
            >
              <option value="">Original</option>
              {campaign.variations.map((variation) => (
                <option key={variation.variationRowId} value={variation.variationRowId}>{variation.label}</option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </details>
  );
}

/** The line under the toolbar while the page shows other campaigns' variations. */
export function VisitorLine({ campaigns, chosen }: VisitorChoiceProps) {
  const shown = chosenOn(campaigns, chosen);
  if (!shown.length) return null;
  return (
    <div className="cv-visitor-line">
      <p role="status" data-testid="as-visitor">{visitorWords(shown)}</p>
      <button type="button" className="cv-button cv-button--small" onClick={() => canvasSession.clearAsVisitor()}>Back to original</button>
    </div>
  );
}
