/**
 * What the reads a render or an isolate keeps (render-reads.ts, config-reads.ts) are told apart by:
 * a statement that only reads, values that make a key (a blob's would not), and the key itself.
 */
export const PURE_READ = /^\s*SELECT\b/i;

export const plain = (v: unknown) => v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** The key of a kept read: the statement and its values. */
export const readKey = (sql: string, binds: readonly unknown[]) => `${sql}\u0000${JSON.stringify(binds)}`;
