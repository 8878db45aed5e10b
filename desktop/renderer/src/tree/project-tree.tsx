/**
 * The project tree (EDT-2, EDT-8): campaigns (layers) with their experiments, variations, actions
 * and changes; audiences, views and events. Each row can be renamed (double-click or F2),
 * duplicated and deleted; sections and parents add children. Every operation is one undo step.
 */
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import type { EntityTable } from '../../../shared/project-schema';
import {
  createEntity, deleteEntity, displayName, duplicateEntity, KIND_NAMES, renameEntity, type EntityRow,
} from '../model/entities';
import { useModel, useRows } from '../model/hooks';
import { Icon, type IconName } from '../shell/icons';
import type { Selection } from '../workspace/selection';

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
  selection: Selection;
  onSelect(selection: Selection): void;
  /** Flags per change row id (e.g. a selector matching nothing on the page, EDT-22). */
  changeFlags?: Record<string, string>;
}

interface TreeContext extends ProjectTreeProps {
  editing: string | null;
  setEditing(key: string | null): void;
  isOpen(key: string): boolean;
  toggle(key: string): void;
}

function Node({ table, entity, depth, context, children }: { table: EntityTable; entity: EntityRow; depth: number; context: TreeContext; children?: ReactNode }) {
  const model = useModel();
  const key = `${table}:${entity.rowId}`;
  const name = table === 'changes' ? changeLabel(entity) : displayName(entity.row, entity.rowId);
  const selected = context.selection.table === table && context.selection.rowId === entity.rowId;
  const hasChildren = !!children;
  const open = context.isOpen(key);
  const child = CHILD[table];
  const flag = table === 'changes' ? context.changeFlags?.[entity.rowId] : undefined;
  const select = () => context.onSelect({ table, rowId: entity.rowId });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'F2') context.setEditing(key);
    else if (event.key === 'Delete' || event.key === 'Backspace') deleteEntity(model, table, entity.rowId);
    else if (event.key === 'Enter' || event.key === ' ') select();
    else if (event.key === 'ArrowRight' && hasChildren && !open) context.toggle(key);
    else if (event.key === 'ArrowLeft' && open) context.toggle(key);
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
        onDoubleClick={() => table !== 'changes' && context.setEditing(key)}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className={`tree-row__twisty${hasChildren ? '' : ' tree-row__twisty--empty'}`}
          aria-label={open ? 'Collapse' : 'Expand'}
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            context.toggle(key);
          }}
        >
          {hasChildren ? <Icon name={open ? 'chevronDown' : 'chevronRight'} size={12} /> : null}
        </button>
        <Icon name={ICONS[table]} className={`tree-row__icon tree-row__icon--${table}`} />
        {context.editing === key ? (
          <input
            className="tree-row__rename"
            aria-label={`New name of ${name}`}
            defaultValue={name}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onClick={(event) => event.stopPropagation()}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                const value = event.currentTarget.value.trim();
                if (value && value !== name) renameEntity(model, table, entity.rowId, value);
                context.setEditing(null);
              } else if (event.key === 'Escape') context.setEditing(null);
              event.stopPropagation();
            }}
            onBlur={(event) => {
              const value = event.currentTarget.value.trim();
              if (value && value !== name) renameEntity(model, table, entity.rowId, value);
              context.setEditing(null);
            }}
          />
        ) : (
          <span className="tree-row__name">{name}</span>
        )}
        {flag ? <span className="tree-row__flag" title={flag}><Icon name="warning" size={13} /></span> : null}
        <span className="tree-row__actions">
          {child ? (
            <button type="button" className="icon-button" title={`Add ${KIND_NAMES[child]}`} aria-label={`Add ${KIND_NAMES[child]} to ${name}`} onClick={(event) => {
              event.stopPropagation();
              const rowId = createEntity(model, child, NEW_NAMES[child] ?? 'New', entity.rowId);
              if (!open) context.toggle(key);
              context.onSelect({ table: child, rowId });
              context.setEditing(`${child}:${rowId}`);
            }}>
              <Icon name="plus" size={14} />
            </button>
          ) : null}
          {table !== 'changes' ? (
            <button type="button" className="icon-button" title="Rename (F2)" aria-label={`Rename ${name}`} onClick={(event) => {
              event.stopPropagation();
              context.setEditing(key);
            }}>
              <Icon name="rename" size={14} />
            </button>
          ) : null}
          <button type="button" className="icon-button" title="Duplicate" aria-label={`Duplicate ${name}`} onClick={(event) => {
            event.stopPropagation();
            context.onSelect({ table, rowId: duplicateEntity(model, table, entity.rowId) });
          }}>
            <Icon name="copy" size={14} />
          </button>
          <button type="button" className="icon-button icon-button--danger" title="Delete (Del)" aria-label={`Delete ${name}`} onClick={(event) => {
            event.stopPropagation();
            deleteEntity(model, table, entity.rowId);
          }}>
            <Icon name="trash" size={14} />
          </button>
        </span>
      </div>
      {hasChildren && open ? <ul role="group">{children}</ul> : null}
    </li>
  );
}

/** A change's label: its type and selector. */
function changeLabel({ row, rowId }: EntityRow): string {
  const type = row.type === 'widget' && row.widget_id ? `widget ${row.widget_id}` : String(row.type ?? 'change');
  const attributes = row.attributes && typeof row.attributes === 'object' ? Object.keys(row.attributes).join(', ') : '';
  const target = row.selector ? String(row.selector) : row.type === 'redirect' ? String(row.value ?? '') : rowId;
  return `${type}${attributes ? ` (${attributes})` : ''} · ${target}`;
}

function ChangeNodes({ parentRowId, depth, context }: { parentRowId: string; depth: number; context: TreeContext }) {
  const rows = useRows('changes', parentRowId);
  return <>{rows.map((entity) => <Node key={entity.rowId} table="changes" entity={entity} depth={depth} context={context} />)}</>;
}

function ActionNodes({ variationRowId, depth, context }: { variationRowId: string; depth: number; context: TreeContext }) {
  const rows = useRows('actions', variationRowId);
  return (
    <>
      {rows.map((entity) => (
        <Node key={entity.rowId} table="actions" entity={{ ...entity, row: { ...entity.row, name: entity.row.name ?? `On view ${entity.row.pageId ?? entity.row.viewId ?? '?'}` } }} depth={depth} context={context}>
          {<ChangeNodes parentRowId={entity.rowId} depth={depth + 1} context={context} />}
        </Node>
      ))}
    </>
  );
}

function VariationNodes({ experimentRowId, depth, context }: { experimentRowId: string; depth: number; context: TreeContext }) {
  const rows = useRows('variations', experimentRowId);
  return (
    <>
      {rows.map((entity) => (
        <Node key={entity.rowId} table="variations" entity={entity} depth={depth} context={context}>
          <ActionNodes variationRowId={entity.rowId} depth={depth + 1} context={context} />
        </Node>
      ))}
    </>
  );
}

function ExperimentNodes({ layerRowId, depth, context }: { layerRowId: string; depth: number; context: TreeContext }) {
  const rows = useRows('experiments', layerRowId);
  return (
    <>
      {rows.map((entity) => (
        <Node key={entity.rowId} table="experiments" entity={entity} depth={depth} context={context}>
          <VariationNodes experimentRowId={entity.rowId} depth={depth + 1} context={context} />
        </Node>
      ))}
    </>
  );
}

function Section({ title, table, context, children }: { title: string; table: EntityTable; context: TreeContext; children: (rows: EntityRow[]) => ReactNode }) {
  const model = useModel();
  const rows = useRows(table);
  return (
    <section className="tree-section" aria-label={title}>
      <header className="tree-section__header">
        <span>{title}</span>
        <span className="tree-section__count">{rows.length}</span>
        <button type="button" className="icon-button" title={`Add ${KIND_NAMES[table]}`} aria-label={`Add ${KIND_NAMES[table]}`} onClick={() => {
          const rowId = createEntity(model, table, NEW_NAMES[table] ?? 'New');
          context.onSelect({ table, rowId });
          context.setEditing(`${table}:${rowId}`);
        }}>
          <Icon name="plus" size={14} />
        </button>
      </header>
      <ul role="tree" aria-label={title}>{children(rows)}</ul>
    </section>
  );
}

/** The whole tree. */
export function ProjectTree(props: ProjectTreeProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [toggled, setToggled] = useState<Set<string>>(() => new Set());
  // Campaigns and experiments start open, variations and actions closed; the state keeps the rows toggled since.
  const isOpen = (key: string) => /^(layers|experiments):/.test(key) !== toggled.has(key);
  const toggle = (key: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const context: TreeContext = { ...props, editing, setEditing, isOpen, toggle };
  const settingsSelected = props.selection.table === 'settings';
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
      <Section title="Campaigns" table="layers" context={context}>
        {(rows) => rows.map((entity) => (
          <Node key={entity.rowId} table="layers" entity={entity} depth={0} context={context}>
            <ExperimentNodes layerRowId={entity.rowId} depth={1} context={context} />
          </Node>
        ))}
      </Section>
      {(['audiences', 'pages', 'events'] as const).map((table) => (
        <Section key={table} title={{ audiences: 'Audiences', pages: 'Views', events: 'Events' }[table]} table={table} context={context}>
          {(rows) => rows.map((entity) => <Node key={entity.rowId} table={table} entity={entity} depth={0} context={context} />)}
        </Section>
      ))}
    </nav>
  );
}
