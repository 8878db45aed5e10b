/**
 * Clashes with other campaigns (issue 37), at review and in the experiment inspector: each one in the product's words, with the two
 * ways out: make them mutually exclusive (move the experiment into the other's campaign, its traffic
 * consequence said first) or run anyway (acknowledged, recorded on the revision at publish).
 */
import type { ProjectStore } from '../model/project-store';
import { Icon } from '../shell/icons';
import type { ConflictCheck } from './conflict-check';
import type { Conflict } from './conflicts';
import { exclusionConsequence } from './exclusion';

/** Props of {@link ConflictList}. */
export interface ConflictListProps {
  store: ProjectStore;
  check: ConflictCheck;
  acknowledged: ReadonlySet<string>;
  onAcknowledge(conflict: Conflict, on: boolean): void;
  onExclude(conflict: Conflict): void;
}

/** The clashes card of review. */
export function ConflictList(props: ConflictListProps) {
  const { check, acknowledged } = props;
  if (!check.status && !check.conflicts.length && !check.unchecked.length) return null;
  const open = check.conflicts.filter((conflict) => !acknowledged.has(conflict.key)).length;
  return (
    <section className="card conflicts" aria-label="Clashes with other campaigns">
      <h3 className="card__title">
        {check.conflicts.length ? <><Icon name="warning" className="tone-warn" /> Clashes with other campaigns{open ? `: ${open} to resolve` : ''}</> : 'Clashes with other campaigns'}
      </h3>
      <ConflictItems {...props} />
    </section>
  );
}

/** Where the check stands and each clash with its two ways out (review's card and the experiment inspector both show them). */
export function ConflictItems({ store, check, acknowledged, onAcknowledge, onExclude }: ConflictListProps) {
  return (
    <>
      <p className="muted" role="status" data-testid="conflict-check">{check.status}</p>
      <ul className="conflicts__list">
        {check.conflicts.map((conflict) => {
          const ran = acknowledged.has(conflict.key);
          return (
            <li key={conflict.key} className={`conflict${ran ? ' conflict--acknowledged' : ''}`} data-testid="conflict">
              <p className="conflict__text">{conflict.message}</p>
              {ran ? (
                <p className="conflict__ack">
                  <Icon name="check" size={14} /> Run anyway: the clash is acknowledged and will be recorded on the revision.{' '}
                  <button type="button" className="link" onClick={() => onAcknowledge(conflict, false)}>Withdraw</button>
                </p>
              ) : (
                <div className="conflict__choices">
                  <div className="conflict__choice">
                    <button type="button" className="button" onClick={() => onExclude(conflict)}>
                      Make them mutually exclusive: move {conflict.experiment.experimentName} into campaign {conflict.other.layerName}
                    </button>
                    <p className="field__hint">{exclusionConsequence(store, conflict.experiment.experimentId, conflict.other.experimentId)}</p>
                  </div>
                  <div className="conflict__choice">
                    <button type="button" className="button" onClick={() => onAcknowledge(conflict, true)}>Run anyway</button>
                    <p className="field__hint">Both run as they are: visitors in both see the two changes together, and results count them in each. Recorded on the revision.</p>
                  </div>
                </div>
              )}
            </li>
          );
        })}
        {check.unchecked.map((line) => <li key={line} className="conflict conflict--unchecked">{line}</li>)}
      </ul>
    </>
  );
}
