/**
 * The experiment inspector's clashes with other campaigns (issue 37): the same check as review's
 * (./conflict-check.ts), over every change of the experiment, run when the inspector opens on it and
 * whenever asked again; the same two ways out, and the same acknowledgements (the session's), so a clash
 * run anyway here is run anyway at review.
 */
import { useMemo, useState } from 'react';
import { useModel } from '../model/hooks';
import { useAcknowledged, useEditorSession } from '../session/editor-session';
import { useConflictCheck } from './conflict-check';
import { ConflictItems } from './conflict-list';
import { ofExperiment } from './conflicts';
import { moveIntoCampaign } from './exclusion';

/** The clashes of experiment `rowId`, with "Check again". */
export function ExperimentConflicts({ rowId }: { rowId: string }) {
  const model = useModel();
  const session = useEditorSession();
  const [run, setRun] = useState(0);
  const check = useConflictCheck(model, `${rowId}#${run}`, () => ofExperiment(rowId));
  const keys = useAcknowledged(model.projectId);
  const acknowledged = useMemo(() => new Set(keys), [keys]);
  return (
    <div className="conflicts conflicts--inspector" aria-label="Clashes with other campaigns">
      <ConflictItems
        store={model.store}
        check={{ ...check, status: check.status || (check.done ? 'No other campaign changes an element this experiment changes on its views.' : 'Looking for clashes with other campaigns…') }}
        acknowledged={acknowledged}
        onAcknowledge={(conflict, on) => session.acknowledge(model.projectId, conflict.key, on)}
        onExclude={(conflict) => {
          moveIntoCampaign(model, conflict.experiment.experimentId, conflict.other.experimentId);
          setRun((count) => count + 1);
        }}
      />
      <button type="button" className="button button--small" disabled={!check.done} onClick={() => setRun((count) => count + 1)}>Check again on the pages</button>
    </div>
  );
}
