import { withPopup } from "../auth/popup-url";
import { BUY_KEY } from "./keys";

/** A product's confirm dialog in the shop at `shop` (a localized path). */
export const buyHref = (shop: string, productId: number): string => `${shop}?${BUY_KEY}=${productId}`;

/**
 * For a visitor, Buy is the sign-in popup over the shop, coming back to that product's confirm
 * dialog once signed in (decision 0100): the same URL with and without JavaScript.
 */
export function buySignIn(shop: string, productId: number): string {
  return withPopup(`${shop}?redirectUrl=${encodeURIComponent(buyHref(shop, productId))}`, "authorization");
}
