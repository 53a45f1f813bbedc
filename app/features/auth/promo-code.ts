/**
 * The promo code a visitor arrives with (SPEC §2, §4): `promo_code` is read from the query of any
 * page and kept in local storage, so registration can prefill it even after the visitor has
 * browsed on. Storage is passed in (never touched at module scope) and may throw: private modes
 * and disabled storage must not break the page.
 */

export const PROMO_CODE_PARAM = "promo_code";
export const PROMO_CODE_STORAGE_KEY = "promo_code";
export const PROMO_CODE_MAX_LENGTH = 50;

type ReadableStorage = Pick<Storage, "getItem">;
type WritableStorage = Pick<Storage, "setItem">;

/** The trimmed code, or null when it is empty or longer than a code can be. */
function cleanPromoCode(value: string | null | undefined): string | null {
  const code = value?.trim() ?? "";
  return code && code.length <= PROMO_CODE_MAX_LENGTH ? code : null;
}

/** The code a query names: the last `promo_code` wins when there are several. */
export function promoCodeFromSearch(search: string | URLSearchParams): string | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return cleanPromoCode(params.getAll(PROMO_CODE_PARAM).at(-1));
}

/** Stores the code of the URL, if it names one; returns what was stored. */
export function storePromoCodeFromUrl(location: { search: string }, storage: WritableStorage | null | undefined): string | null {
  const code = promoCodeFromSearch(location.search);
  if (!code || !storage) return null;
  try {
    storage.setItem(PROMO_CODE_STORAGE_KEY, code);
    return code;
  } catch {
    return null;
  }
}

/** The stored code, or null (none, unusable, or storage unavailable). */
export function readStoredPromoCode(storage: ReadableStorage | null | undefined): string | null {
  try {
    return cleanPromoCode(storage?.getItem(PROMO_CODE_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Forgets the code, after a registration has used it. */
export function clearStoredPromoCode(storage: Pick<Storage, "removeItem"> | null | undefined): void {
  try {
    storage?.removeItem(PROMO_CODE_STORAGE_KEY);
  } catch {
    // Storage that refuses is as good as empty.
  }
}

/** `window.localStorage`, or null where reading it throws (sandboxed frames, disabled storage). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}
