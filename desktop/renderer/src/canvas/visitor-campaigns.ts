/**
 * The canvas as a given visitor sees it (issue 37): every other campaign (live or in the working copy)
 * that changes the view on the canvas, with the variations a visitor of it may be in there; the changes of
 * the chosen ones, applied on the page with the edited variation's; and what is shown, in words. A campaign
 * gives a visitor one of its experiments at most, so one variation is chosen per campaign; none chosen is
 * its original (none of its changes).
 */
import type { DraftChange } from './preview-code';
import { savedChanges, toPreview } from '../inspector/changes/variation-changes';
import { changesOf } from '../model/changes';
import type { ProjectStore } from '../model/project-store';
import { variationsOnViews } from '../review/changes-on-view';
import { variationLabel } from '../review/conflicts';

/** A campaign on the view, with the variations that change the view. */
export interface CampaignOnView {
  layerRowId: string;
  layerName: string;
  variations: Array<{ variationRowId: string; label: string }>;
}

/** The other campaigns changing view `pageId` ('' for a typed URL: none), the edited campaign left out. */
export function campaignsOnView(store: ProjectStore, pageId: string, editedLayerRowId?: string): CampaignOnView[] {
  const campaigns = new Map<string, CampaignOnView>();
  for (const on of variationsOnViews(store)) {
    if (!pageId || on.viewId !== pageId || on.layerRowId === editedLayerRowId) continue;
    if (!changesOf(store, on.actionRowId).length) continue;
    const campaign = campaigns.get(on.layerRowId) ?? { layerRowId: on.layerRowId, layerName: on.layerName, variations: [] };
    if (!campaign.variations.some((variation) => variation.variationRowId === on.variationRowId)) campaign.variations.push({ variationRowId: on.variationRowId, label: variationLabel(on) });
    campaigns.set(on.layerRowId, campaign);
  }
  return [...campaigns.values()];
}

/** The chosen variations that are still choices on this view (a choice outlives a switch of view or of edited campaign). */
export const chosenOn = (campaigns: readonly CampaignOnView[], chosen: Readonly<Record<string, string>>) =>
  campaigns.flatMap((campaign) => campaign.variations.filter((variation) => chosen[campaign.layerRowId] === variation.variationRowId));

/** The changes of the chosen variations on the view, as the agent previews them, campaign by campaign. */
export const visitorChanges = (store: ProjectStore, pageId: string, chosen: ReadonlyArray<{ variationRowId: string }>): DraftChange[] =>
  chosen.flatMap(({ variationRowId }) => savedChanges(store, variationRowId, pageId).map(({ rowId, change }) => toPreview(rowId, change)));

/** What the canvas shows, in words. */
export const visitorWords = (chosen: ReadonlyArray<{ label: string }>): string =>
  chosen.length
    ? `Seeing the page as a visitor in: ${chosen.map((variation) => variation.label).join(', ')}.`
    : 'Seeing the page as a visitor in the original of every other campaign here.';
