/**
 * The editor's projects on the backend (EDT-4, EDT-5): one TinyBase MergeableStore per project
 * with the declared schema, persisted by TinyBase's file persister under
 * `<data>/editor/projects/<projectId>/working.json` (auto-saved on every change; the persister
 * writes a temporary file and renames it). A project from `config/` is imported on first open;
 * projects created in the editor live only here.
 *
 * A working copy whose file cannot be read (a crash of another tool, a hand edit) is never
 * silently replaced: the file is kept aside as `working.corrupt-<time>.json`, the project is
 * restored from the last explicit save (`working.saved.json`), else the live revision, else its
 * config file, and the project carries a notice saying so.
 */
import { copyFile, mkdir, readFile, readdir, rename } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createMergeableStore, type MergeableStore } from 'tinybase';
import { createFilePersister } from 'tinybase/persisters/persister-file';
import { isProjectId, PROJECT_ID_RULE, type CreateProjectBody, type ProjectListing, type ProjectMeta } from '../../editor-model/api-contract';
import { encodeProject, type ProjectTables } from '../../editor-model/project-codec';
import { SETTINGS_ROW, TABLES_SCHEMA } from '../../editor-model/project-schema';
import { RequestError } from '../http/body';
import { containedPath, writeJsonAtomic } from '../../compiler/files';
import { latestRevision, recordImport } from './revisions';
import { configSources, type ConfigSource } from './sources';

/** An open project: its store, persister and where its files are. */
export interface OpenProject {
  meta: ProjectMeta;
  /** The working copy, shared with every connected editor through the WebSocket synchroniser. */
  store: MergeableStore;
  /** The project's folder under the data directory. */
  dir: string;
  /** The config source, for projects from config/. */
  source?: ConfigSource;
  /** Set when the working copy had to be restored (see the module comment). */
  notice?: string;
  /** Writes the working copy now and keeps a copy as the last explicit save. */
  save(): Promise<void>;
  /** Stops auto-saving (services closing). */
  close(): Promise<void>;
}

const readJson = async <T>(file: string): Promise<T | undefined> => {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
};

/** The editor's projects under one data directory. */
export class Workspace {
  private readonly open = new Map<string, Promise<OpenProject>>();

  /** `dir` is `<data>/editor`; `snippetsDir` is where published snippets are served from. */
  constructor(readonly dir: string, readonly snippetsDir: string) {}

  /** The folder of one project (a valid project id always names a folder inside the workspace). */
  projectDir(projectId: string): string {
    return containedPath(this.projectsDir(), projectId);
  }

  /** The folder holding every project's folder. */
  projectsDir(): string {
    return containedPath(this.dir, 'projects');
  }

  /** Every project: those under config/ and those created in the editor, by name. */
  async list(): Promise<ProjectListing[]> {
    const byId = new Map<string, ProjectListing>();
    for (const source of await configSources()) {
      byId.set(source.projectId, {
        projectId: source.projectId, name: source.projectId, source: source.path, createdAt: '', liveRevision: null, opened: false,
      });
    }
    for (const { meta, dir } of await this.storedProjects()) {
      const live = await latestRevision(dir);
      byId.set(meta.projectId, { ...meta, liveRevision: live?.revision ?? null, opened: true });
    }
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Every project folder with a readable meta file whose id names that folder (a folder whose meta
   * names another project is not one of ours and is left alone).
   */
  async storedProjects(): Promise<Array<{ meta: ProjectMeta; dir: string }>> {
    const projectsDir = this.projectsDir();
    const folders = existsSync(projectsDir) ? await readdir(projectsDir) : [];
    const found: Array<{ meta: ProjectMeta; dir: string }> = [];
    for (const folder of folders) {
      if (!isProjectId(folder)) continue;
      const dir = this.projectDir(folder);
      const meta = await readJson<ProjectMeta>(containedPath(dir, 'meta.json'));
      if (meta?.projectId === folder) found.push({ meta, dir });
    }
    return found;
  }

  /** Opens (importing on first use) a project; rejects with a RequestError (404) for an unknown id. */
  get(projectId: string): Promise<OpenProject> {
    if (!isProjectId(projectId)) return Promise.reject(new RequestError(`"${projectId}" is not ${PROJECT_ID_RULE}.`, 400));
    let opening = this.open.get(projectId);
    if (!opening) {
      opening = this.load(projectId);
      this.open.set(projectId, opening);
      opening.catch(() => this.open.delete(projectId));
    }
    return opening;
  }

  /** Creates an empty project in the editor (standard preset). */
  async create(input: CreateProjectBody): Promise<OpenProject> {
    const { projectId } = input;
    if (!isProjectId(projectId)) throw new RequestError(`The project id must be ${PROJECT_ID_RULE} (it names the snippet file).`);
    const taken = (await this.list()).some((project) => project.projectId === projectId);
    if (taken) throw new RequestError(`A project "${projectId}" already exists.`, 409);
    const data = {
      projectId, accountId: input.accountId?.trim() || 'local', revision: 0, namespace: projectId,
      layers: [], audiences: [], pages: [], events: [],
    };
    const meta: ProjectMeta = { projectId, name: input.name?.trim() || projectId, source: null, createdAt: new Date().toISOString() };
    await mkdir(this.projectDir(projectId), { recursive: true });
    await writeJsonAtomic(containedPath(this.projectDir(projectId), 'meta.json'), meta);
    await this.writeTables(projectId, encodeProject(data));
    return this.get(projectId);
  }

  /** Stops every open project's persister. */
  async close(): Promise<void> {
    const projects = await Promise.allSettled(this.open.values());
    await Promise.all(projects.map((project) => (project.status === 'fulfilled' ? project.value.close() : undefined)));
    this.open.clear();
  }

  /** Writes tables as a fresh working copy file (import, creation, restore). */
  private async writeTables(projectId: string, tables: ProjectTables): Promise<void> {
    const store = createMergeableStore();
    store.setTablesSchema(TABLES_SCHEMA);
    store.setTables(tables as never);
    await writeJsonAtomic(containedPath(this.projectDir(projectId), 'working.json'), store.getMergeableContent());
  }

  private async load(projectId: string): Promise<OpenProject> {
    const dir = this.projectDir(projectId);
    const working = containedPath(dir, 'working.json');
    const saved = containedPath(dir, 'working.saved.json');
    const source = (await configSources()).find((candidate) => candidate.projectId === projectId);
    let meta = await readJson<ProjectMeta>(containedPath(dir, 'meta.json'));
    let notice: string | undefined;
    if (!meta) {
      if (!source) throw new RequestError(`There is no project "${projectId}".`, 404);
      meta = { projectId, name: projectId, source: source.path, createdAt: new Date().toISOString() };
      await mkdir(dir, { recursive: true });
      await this.writeTables(projectId, encodeProject(source.project.data as never));
      await recordImport(dir, source, this.snippetsDir);
      await writeJsonAtomic(containedPath(dir, 'meta.json'), meta);
    } else if (!(await readJson(working))) {
      const kept = existsSync(working) ? `working.corrupt-${Date.now()}.json` : undefined;
      if (kept) await rename(working, containedPath(dir, kept));
      const live = await latestRevision(dir);
      if (await readJson(saved)) {
        await copyFile(saved, working);
        notice = 'the last explicit save';
      } else if (live) {
        await this.writeTables(projectId, encodeProject(live.data));
        notice = `live revision ${live.revision}`;
      } else if (source) {
        await this.writeTables(projectId, encodeProject(source.project.data as never));
        notice = source.path;
      } else {
        await this.writeTables(projectId, encodeProject({ projectId, accountId: 'local', revision: 0 }));
        notice = 'an empty project';
      }
      notice = `The working copy file could not be read${kept ? ` (kept as ${kept})` : ''}; it was restored from ${notice}.`;
      console.warn(`[editor] ${projectId}: ${notice}`);
    }

    const store = createMergeableStore();
    store.setTablesSchema(TABLES_SCHEMA);
    const persister = createFilePersister(store, working, (error) => console.warn(`[editor] ${projectId}: ${String(error)}`));
    await persister.load();
    await persister.startAutoSave();
    if (!store.hasRow('settings', SETTINGS_ROW)) store.setRow('settings', SETTINGS_ROW, { projectId, accountId: 'local', revision: 0 });
    const finalMeta = meta;
    return {
      meta: finalMeta,
      store,
      dir,
      source,
      notice,
      async save() {
        await persister.save();
        await copyFile(working, saved);
      },
      async close() {
        await persister.save();
        await persister.destroy();
      },
    };
  }
}
