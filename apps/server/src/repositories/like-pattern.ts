/** Escapes the wildcards of a LIKE pattern (`\` is PostgreSQL's default escape character). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
