/** An ILIKE pattern that finds `search` anywhere, its own `%`, `_` and `\` taken literally. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
