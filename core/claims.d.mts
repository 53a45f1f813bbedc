/** Types of claims.mjs (plain JavaScript for the seed compiler; see its comments). */
export type ClaimKind = "bonus" | "offer" | "freespins" | "tournament" | "wheel" | "cashback";
export declare const CLAIM_FIELDS: Readonly<Record<ClaimKind, readonly string[]>>;
/** The kinds a configured object's own texts may claim (themselves): the claim kinds and the objects no banner names. */
export type OwnKind = ClaimKind | "prize" | "quest" | "product" | "programme";
export declare const OWN_FIELDS: Readonly<Record<OwnKind, readonly string[]>>;
/** A text's objects: a key per object, the object as `kind:sysname`. */
export type Claims = Record<string, string>;
export declare function parseClaimRef(ref: unknown, fields?: Readonly<Record<string, readonly string[]>>): { kind: ClaimKind; sysname: string } | null;
export declare function placeholdersOf(text: string | null | undefined): [string, string][];
export declare function claimProblems(
  texts: readonly (string | null | undefined)[],
  claims: Claims | null | undefined,
  allowed?: readonly string[],
  fields?: Readonly<Record<string, readonly string[]>>,
): string[];
export declare function ownProblems(texts: readonly (string | null | undefined)[], kind: OwnKind): string[];
export declare function fillClaims(text: string | null | undefined, values: Readonly<Record<string, string | null | undefined>>): string | null;
