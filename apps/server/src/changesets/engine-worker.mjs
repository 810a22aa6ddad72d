// Worker threads load plain JavaScript: when the server runs from source (`npm run dev`, the tests), this entry
// teaches the worker TypeScript (tsx), then hands over to the tasks. The compiled build (`npm run build`) puts the
// bundled tasks under this same name beside its entry points (`dist/engine-worker.mjs`), so no tsx at run time.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./engine-worker.ts');

export const diffTask = tasks.diffTask;
export const applyTask = tasks.applyTask;
export const mergeTask = tasks.mergeTask;
export const detailTask = tasks.detailTask;
export const warmTask = tasks.warmTask;
