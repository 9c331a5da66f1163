/** `q` as an ILIKE pattern matching it anywhere, with LIKE's wildcards taken literally. */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
