import '@tanstack/react-query';

/** What a query may tell the app about itself; read by the query cache (see createQueryClient.ts). */
export type AppQueryMeta = {
  /** The SPEC §8 toast shown when the query fails. */
  errorMessage?: string;
  /**
   * A failed refresh of data already on screen keeps that data and shows no toast (the dashboard's
   * fresh storage numbers, refreshes after a project changed): the first load still toasts.
   */
  isQuietOnRefresh?: boolean;
};

/** What a mutation may tell the app about itself; read by the mutation cache (see createQueryClient.ts). */
export type AppMutationMeta = {
  /**
   * The SPEC §8 toast text of a failure. The server's `detail` wins over it (SPEC §7), unless
   * `readErrorMessage` reads the error instead.
   */
  errorMessage?: string;
  /**
   * Reads the toast text out of the error, for answers whose reason is not a JSON `detail` (a download's
   * blob) or that a form shows under its fields instead: `undefined` then means no toast.
   */
  readErrorMessage?: (error: unknown) => string | undefined | Promise<string | undefined>;
  /** Toasted after the mutation succeeded (SPEC §8 success messages). */
  successMessage?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppMutationMeta;
  }
}
