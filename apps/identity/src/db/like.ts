/**
 * A LIKE / ILIKE pattern matching any text that contains `text`: its wildcards and the escape
 * character stand for themselves (PostgreSQL's default escape is the backslash).
 */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
