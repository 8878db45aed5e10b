/**
 * The inspector (right panel): the form of the selected entity, then the change inspector slot of
 * editor part 2. Shows a note when the selected row no longer exists (deleted in another window).
 */
import { useModel, useRow } from '../model/hooks';
import { KIND_NAMES } from '../model/entities';
import { Icon } from '../shell/icons';
import type { Selection } from '../session/selection';
import { ChangeInspectorSlot } from '../workspace/slots';
import { ExperimentForm, LayerForm, ProjectForm, VariationForm } from './campaign-forms';
import { ActionForm, AudienceForm, ChangeRowForm, EventForm, PageForm } from './targeting-forms';

/** Props of {@link Inspector}. */
export interface InspectorProps {
  selection: Selection;
  variationRowId?: string;
  onSelect(selection: Selection): void;
  onShowResults(): void;
}

function EntityForm({ selection, onShowResults }: InspectorProps) {
  const { table, rowId } = selection;
  switch (table) {
    case 'settings': return <ProjectForm />;
    case 'layers': return <LayerForm rowId={rowId} />;
    case 'experiments': return <ExperimentForm rowId={rowId} onShowResults={onShowResults} />;
    case 'variations': return <VariationForm rowId={rowId} />;
    case 'actions': return <ActionForm rowId={rowId} />;
    case 'changes': return <ChangeRowForm rowId={rowId} />;
    case 'audiences': return <AudienceForm rowId={rowId} />;
    case 'pages': return <PageForm rowId={rowId} />;
    case 'events': return <EventForm rowId={rowId} />;
    default: return null;
  }
}

/** The inspector panel. */
export function Inspector(props: InspectorProps) {
  const model = useModel();
  const row = useRow(props.selection.table, props.selection.rowId, model.store);
  const kind = props.selection.table === 'settings' ? 'project' : KIND_NAMES[props.selection.table];
  return (
    <aside className="inspector" aria-label="Inspector">
      <header className="panel-header">
        <span className="panel-header__title">Inspector</span>
        <span className="panel-header__kind">{kind}</span>
      </header>
      <div className="inspector__body" key={`${props.selection.table}:${props.selection.rowId}`}>
        {Object.keys(row).length ? (
          <>
            <EntityForm {...props} />
            <ChangeInspectorSlot selection={props.selection} variationRowId={props.variationRowId} onSelect={props.onSelect} />
          </>
        ) : (
          <p className="notice"><Icon name="warning" size={14} /> This {kind} was deleted (perhaps in another window). Undo brings it back.</p>
        )}
      </div>
    </aside>
  );
}
