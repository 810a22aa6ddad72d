import { z } from 'zod';

/** One sort key of a list call. */
export type OrderTerm<F extends string> = { field: F; descending: boolean };

/**
 * `order_params` of the reference's list calls (`name_asc,updated_desc`) → sort terms. Unknown fields are
 * ignored as the reference does; `aliases` maps the reference's other names onto fields; a field without a
 * direction sorts descending when `bareDescending` is set and is ignored otherwise. No usable term → `fallback`.
 */
export function orderParamsSchema<F extends string>(options: {
  fields: readonly F[];
  aliases?: Readonly<Record<string, F>>;
  bareDescending?: boolean;
  fallback: OrderTerm<F>[];
}) {
  const known = new Set<string>(options.fields);
  return z
    .string()
    .optional()
    .transform((text): OrderTerm<F>[] => {
      const terms: OrderTerm<F>[] = [];
      for (const part of (text ?? '').split(',')) {
        const match =
          /^\s*(.+?)_(asc|desc)\s*$/.exec(part) ??
          (options.bareDescending ? /^\s*(.+?)\s*$/.exec(part) : null);
        const raw = match?.[1];
        if (!raw) continue;
        const field = options.aliases?.[raw] ?? raw;
        if (known.has(field)) terms.push({ field: field as F, descending: match?.[2] !== 'asc' });
      }
      return terms.length > 0 ? terms : options.fallback;
    });
}
