/**
 * The hero trust-signals experiment (HPC-52..54): for Unregistered Users (Enhanced), four variations of
 * 2500 each (endOfRange 2500/5000/7500/10000), single experiment, manual allocation. Variations #1..#3
 * replace the hero's trust blocks with analyst-recognition badges (the widget waits for hydration,
 * removes the first two blocks and turns the third and fourth into report links); every variation,
 * the Original included, runs the goal widgets with this experiment's suffixes so its time, scroll and
 * engagement events are measured alike in all four.
 */
import { AUDIENCE } from '../audiences';
import { PAGE } from '../page-contract';
import { HOME_VIEW } from '../views';
import { goalWidgets, widget, WIDGET } from '../widgets';
import { action, experiment, layer, variations } from './kit';

export const HERO_TRUST = {
  layer: 'layer_hero_trust',
  experiment: 'exp_hero_trust',
  variations: ['var_hero_trust_original', 'var_hero_trust_1', 'var_hero_trust_2', 'var_hero_trust_3'],
} as const;

/** The analyst reports the badges link to (site paths; the report pages are the site's own). */
export const REPORTS = {
  forrester: { link: '/resources/reports/forrester-wave-translytical-data-platforms', icon: '/site/assets/report-wave.svg' },
  gartner: { link: '/resources/reports/gartner-magic-quadrant-cloud-dbms', icon: '/site/assets/report-quadrant.svg' },
} as const;

type Report = { type: string; link: string; icon: string; text: string };

/**
 * The hero blocks the badges replace: those of the hero widget when the personalisation shows it (it
 * hides the site's hero and comes first in the document), else the site's own. The widget takes the
 * first four matches in document order.
 */
export const TRUST_BLOCKS = `section.vw-hero .vw-hero-block, ${PAGE.heroBlocks}`;

const badges = (first: Report, second: Report) => ({
  selector: TRUST_BLOCKS,
  firstReportType: first.type,
  firstReportLink: first.link,
  firstReportIcon: first.icon,
  firstReportText: first.text,
  secondReportType: second.type,
  secondReportLink: second.link,
  secondReportIcon: second.icon,
  secondReportText: second.text,
});

const forrester = (text: string): Report => ({ type: 'forrester', ...REPORTS.forrester, text });
const gartner = (text: string): Report => ({ type: 'gartner', ...REPORTS.gartner, text });

const CONFIGS = [
  badges(forrester('A Leader in The Forrester Wave™: Translytical Data Platforms'), gartner('A Leader in the Gartner® Magic Quadrant™ for Cloud DBMS')),
  badges(gartner('A Leader in the Gartner® Magic Quadrant™ for Cloud DBMS'), forrester('A Leader in The Forrester Wave™: Translytical Data Platforms')),
  badges(forrester('Read the Forrester report'), gartner('Read the Gartner report')),
];

const goals = (index: number) => goalWidgets('heroTrust', `chg_hero_trust_${index}_goals`);

export const HERO_TRUST_LAYER = layer({
  id: HERO_TRUST.layer,
  name: 'Hero trust signals for unregistered users',
  policy: 'single_experiment',
  viewIds: [HOME_VIEW],
  experiments: [
    experiment({
      id: HERO_TRUST.experiment,
      name: 'Hero trust signals',
      layerId: HERO_TRUST.layer,
      audiences: [AUDIENCE.unregistered],
      audienceName: 'Unregistered Users (Enhanced)',
      endOfRanges: [2500, 5000, 7500, 10000],
      variations: variations(
        [...HERO_TRUST.variations],
        [
          [action(HOME_VIEW, goals(0))],
          ...CONFIGS.map((config, index) => [
            action(HOME_VIEW, [widget(`chg_hero_trust_${index + 1}_badges`, WIDGET.heroTrustSignals, config), ...goals(index + 1)]),
          ]),
        ],
      ),
    }),
  ],
});
