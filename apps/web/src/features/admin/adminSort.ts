import type { DataTableStateEvent } from 'primereact/datatable';
import type { AdminSort } from './hooks/useAdminListState.ts';

/** The DataTable's lazy sort props for the list's order (the server sorts). */
export function tableSortProps<F extends string>(sort: AdminSort<F>) {
  return { sortField: sort.field, sortOrder: sort.descending ? (-1 as const) : (1 as const) };
}

/** The order a click on a sortable header asks for, when it is one the server knows. */
export function sortFromTableEvent<F extends string>(
  event: Pick<DataTableStateEvent, 'sortField' | 'sortOrder'>,
  fields: readonly F[],
): AdminSort<F> | undefined {
  const field = fields.find((candidate) => candidate === event.sortField);
  if (!field) return undefined;
  return { field, descending: event.sortOrder === -1 };
}
