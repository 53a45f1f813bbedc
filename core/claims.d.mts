/** Types of claims.mjs (plain JavaScript for the seed compiler; see its comments). */
export type ClaimKind = "bonus" | "offer" | "freespins" | "tournament" | "wheel" | "cashback";
export declare const CLAIM_FIELDS: Readonly<Record<ClaimKind, readonly string[]>>;
/** A text's objects: a key per object, the object as `kind:sysname`. */
export type Claims = Record<string, string>;
export declare function parseClaimRef(ref: unknown): { kind: ClaimKind; sysname: string } | null;
export declare function placeholdersOf(text: string | null | undefined): [string, string][];
export declare function claimProblems(texts: readonly (string | null | undefined)[], claims: Claims | null | undefined, allowed?: readonly string[]): string[];
export declare function fillClaims(text: string | null | undefined, values: Readonly<Record<string, string | null | undefined>>): string | null;
