/**
 * The project tree (EDT-2, EDT-8): campaigns (layers) with their experiments, variations, actions
 * and changes; audiences, views and events. Each row can be renamed (double-click or F2),
 * duplicated and deleted; sections and parents add children. Every operation is one undo step.
 */
import { memo, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { RowCells } from '../../../../editor-model/project-codec';
import type { EntityTable } from '../../../../editor-model/project-schema';
import {
  createEntity, deleteEntity, displayName, duplicateEntity, KIND_NAMES, renameEntity, type EntityRow,
} from '../model/entities';
import { useModel, useRow, useSliceRowIds } from '../model/hooks';
import type { ProjectModel } from '../model/project-model';
import { Icon, type IconName } from '../shell/icons';
import { rowFlags, useEditorSession, useSession, type EditorSession } from '../session/editor-session';
import type { Selection } from '../session/selection';
import './tree.css';
import { byParent, treeIndexes, type TreeIndexes } from './tree-state';

const ICONS: Record<EntityTable, IconName> = {
  layers: 'layer', experiments: 'experiment', variations: 'variation', actions: 'action', changes: 'change',
  audiences: 'audience', pages: 'page', events: 'event', dimensions: 'settings', visitorAttributes: 'audience',
};

/** The child table a row of `table` can add, if any. */
const CHILD: Partial<Record<EntityTable, EntityTable>> = { layers: 'experiments', experiments: 'variations' };

const NEW_NAMES: Partial<Record<EntityTable, string>> = {
  layers: 'New campaign', experiments: 'New experiment', variations: 'Variation', audiences: 'New audience', pages: 'New view', events: 'New event',
};

/** Props of {@link ProjectTree}. */
export interface ProjectTreeProps {
  /** Selects an entity (the tree shows the session's selection). */
  onSelect(selection: Selection): void;
}

/** What every row shares; one object per tree, so rows (memoised) never re-render for it. */
interface TreeEnv {
  model: ProjectModel;
  indexes: TreeIndexes;
  ui: EditorSession;
  onSelect(selection: Selection): void;
}

/** The child table shown under a row of `table`. */
const SHOWN_CHILD: Partial<Record<EntityTable, EntityTable>> = { layers: 'experiments', experiments: 'variations', variations: 'actions', actions: 'changes' };

/**
 * One row and, when open, its children. It reads its own cells, its children's ids (through the
 * tree's indexes) and its own flags, so an edit re-renders the rows it touches, not the tree.
 */
const Node = memo(function Node({ table, rowId, depth, env }: { table: EntityTable; rowId: string; depth: number; env: TreeEnv }) {
  const { model, ui } = env;
  const cells = useRow(table, rowId, model.store) as RowCells;
  const shown = SHOWN_CHILD[table];
  const childIds = useSliceRowIds(byParent(shown ?? 'changes'), shown ? rowId : '\u0000', env.indexes);
  const flags = useSession((state) => rowFlags(state, table, rowId));
  const [hovered, setHovered] = useState(false);
  const [selected, editing, open, flag] = [flags[0] === '1', flags[1] === '1', flags[2] === '1', flags.slice(3) || undefined];
  const row = table === 'actions' ? { ...cells, name: cells.name ?? `On view ${cells.pageId ?? cells.viewId ?? '?'}` } : cells;
  const key = `${table}:${rowId}`;
  const name = table === 'changes' ? changeLabel({ row, rowId }) : displayName(row, rowId);
  const hasChildren = !!shown;
  const child = CHILD[table];
  const setEditing = (value: string | null) => ui.setEditing(value);
  const select = () => env.onSelect({ table, rowId });
  const rename = (value: string) => {
    if (value && value !== name) renameEntity(model, table, rowId, value);
    setEditing(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'F2') setEditing(key);
    else if (event.key === 'Delete' || event.key === 'Backspace') deleteEntity(model, table, rowId);
    else if (event.key === 'Enter' || event.key === ' ') select();
    else if (event.key === 'ArrowRight' && hasChildren && !open) ui.toggle(key);
    else if (event.key === 'ArrowLeft' && open) ui.toggle(key);
    else return;
    event.preventDefault();
  };
  return (
    <li role="treeitem" aria-selected={selected} aria-expanded={hasChildren ? open : undefined} aria-label={`${KIND_NAMES[table]} ${name}`}>
      <div
        className={`tree-row${selected ? ' tree-row--selected' : ''}`}
        style={{ paddingLeft: 8 + depth * 14 }}
        data-node={key}
        tabIndex={0}
        onClick={select}
        onDoubleClick={() => table !== 'changes' && setEditing(key)}
        onKeyDown={onKeyDown}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
      >
        <button
          type="button"
          className={`tree-row__twisty${hasChildren ? '' : ' tree-row__twisty--empty'}`}
          aria-label={open ? 'Collapse' : 'Expand'}
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            ui.toggle(key);
          }}
        >
          {hasChildren ? <Icon name={open ? 'chevronDown' : 'chevronRight'} size={12} /> : null}
        </button>
        <Icon name={ICONS[table]} className={`tree-row__icon tree-row__icon--${table}`} />
        {editing ? (
          <input
            className="tree-row__rename"
            aria-label={`New name of ${name}`}
            defaultValue={name}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') rename(event.currentTarget.value.trim());
              else if (event.key === 'Escape') setEditing(null);
              event.stopPropagation();
            }}
            onBlur={(event) => rename(event.currentTarget.value.trim())}
          />
        ) : (
          <span className="tree-row__name">{name}</span>
        )}
        {flag ? <span className="tree-row__flag" title={flag}><Icon name="warning" size={13} /></span> : null}
        {/* Shown only on the selected or hovered row (CSS), so rendered only there: a long tree opens faster. */}
        {selected || hovered ? <span className="tree-row__actions">
          {child ? (
            <button type="button" className="icon-button" title={`Add ${KIND_NAMES[child]}`} aria-label={`Add ${KIND_NAMES[child]} to ${name}`} onClick={(event) => {
              event.stopPropagation();
              const created = createEntity(model, child, NEW_NAMES[child] ?? 'New', rowId);
              if (!open) ui.toggle(key);
              env.onSelect({ table: child, rowId: created });
              setEditing(`${child}:${created}`);
            }}>
              <Icon name="plus" size={14} />
            </button>
          ) : null}
          {table !== 'changes' ? (
            <button type="button" className="icon-button" title="Rename (F2)" aria-label={`Rename ${name}`} onClick={(event) => {
              event.stopPropagation();
              setEditing(key);
            }}>
              <Icon name="rename" size={14} />
            </button>
          ) : null}
          <button type="button" className="icon-button" title="Duplicate" aria-label={`Duplicate ${name}`} onClick={(event) => {
            event.stopPropagation();
            env.onSelect({ table, rowId: duplicateEntity(model, table, rowId) });
          }}>
            <Icon name="copy" size={14} />
          </button>
          <button type="button" className="icon-button icon-button--danger" title="Delete (Del)" aria-label={`Delete ${name}`} onClick={(event) => {
            event.stopPropagation();
            deleteEntity(model, table, rowId);
          }}>
            <Icon name="trash" size={14} />
          </button>
        </span> : null}
      </div>
      {shown && open ? (
        <ul role="group">{childIds.map((id) => <Node key={id} table={shown} rowId={id} depth={depth + 1} env={env} />)}</ul>
      ) : null}
    </li>
  );
});

/** A change's label: its type and selector. */
function changeLabel({ row, rowId }: EntityRow): string {
  const type = row.type === 'widget' && row.widget_id ? `widget ${row.widget_id}` : String(row.type ?? 'change');
  const attributes = row.attributes && typeof row.attributes === 'object' ? Object.keys(row.attributes).join(', ') : '';
  const target = row.selector ? String(row.selector) : row.type === 'redirect' ? String(row.value ?? '') : rowId;
  return `${type}${attributes ? ` (${attributes})` : ''} · ${target}`;
}

function Section({ title, table, env }: { title: string; table: EntityTable; env: TreeEnv }) {
  const rowIds = useSliceRowIds(byParent(table), '', env.indexes);
  return (
    <section className="tree-section" aria-label={title}>
      <header className="tree-section__header">
        <span>{title}</span>
        <span className="tree-section__count">{rowIds.length}</span>
        <button type="button" className="icon-button" title={`Add ${KIND_NAMES[table]}`} aria-label={`Add ${KIND_NAMES[table]}`} onClick={() => {
          const rowId = createEntity(env.model, table, NEW_NAMES[table] ?? 'New');
          env.onSelect({ table, rowId });
          env.ui.setEditing(`${table}:${rowId}`);
        }}>
          <Icon name="plus" size={14} />
        </button>
      </header>
      <ul role="tree" aria-label={title}>{rowIds.map((rowId) => <Node key={rowId} table={table} rowId={rowId} depth={0} env={env} />)}</ul>
    </section>
  );
}

/** The whole tree. */
export function ProjectTree(props: ProjectTreeProps) {
  const model = useModel();
  const ui = useEditorSession();
  const latest = useRef(props);
  latest.current = props;
  const env = useMemo<TreeEnv>(() => ({ model, indexes: treeIndexes(model.store), ui, onSelect: (selection) => latest.current.onSelect(selection) }), [model, ui]);
  const settingsSelected = useSession((state) => state.selection.table === 'settings');
  return (
    <nav className="tree" aria-label="Project tree">
      <div
        className={`tree-row tree-row--project${settingsSelected ? ' tree-row--selected' : ''}`}
        data-node="settings:project"
        tabIndex={0}
        onClick={() => props.onSelect({ table: 'settings', rowId: 'project' })}
        onKeyDown={(event) => event.key === 'Enter' && props.onSelect({ table: 'settings', rowId: 'project' })}
      >
        <Icon name="settings" className="tree-row__icon" />
        <span className="tree-row__name">Project settings</span>
      </div>
      <Section title="Campaigns" table="layers" env={env} />
      <Section title="Audiences" table="audiences" env={env} />
      <Section title="Views" table="pages" env={env} />
      <Section title="Events" table="events" env={env} />
    </nav>
  );
}
