// Worker threads load plain JavaScript: this entry teaches the worker TypeScript (tsx), then hands over to the tasks.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./engine-worker.ts');

export const diffTask = tasks.diffTask;
export const applyTask = tasks.applyTask;
export const detailTask = tasks.detailTask;
