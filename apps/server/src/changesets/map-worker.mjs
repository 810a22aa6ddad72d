// The map's threads, as engine-worker.mjs is the changesets': from source (`npm run dev`, the tests) this entry
// teaches the worker TypeScript (tsx), then hands over to the tasks; the compiled build puts the bundled tasks under
// this same name beside its entry points (`dist/map-worker.mjs`), so no tsx at run time.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./map-worker.ts');

export const mapLayersTask = tasks.mapLayersTask;
export const mapTileTask = tasks.mapTileTask;
export const mapFeatureTask = tasks.mapFeatureTask;
export const mapChangesTask = tasks.mapChangesTask;
export const mapStylesTask = tasks.mapStylesTask;
