export type { ChangeDetail, ChangeValue, ColumnChange, DiffResult, TableSummary } from './types.ts';
