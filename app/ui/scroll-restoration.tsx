import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";

/** React Router's default storage key, which its scroll restoration hook reads and writes. */
const STORAGE_KEY = "react-router-scroll-positions";

/**
 * Before the first paint: give a fresh history entry its key, or, on a reload or a return to an
 * entry that has one, scroll back to where the player was. A fresh entry has nothing stored, so it
 * never touches sessionStorage: the first access to storage in a page is a synchronous call to the
 * browser process, 1–21 ms on the bench machine in the middle of parsing (four times that on
 * Lighthouse's phone).
 */
export const RESTORE_SCROLL = `(function(k){var h=history,s=h.state;if(!s||!s.key){h.replaceState({key:Math.random().toString(32).slice(2)},"");return}try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")scrollTo(0,y)}catch(e){try{sessionStorage.removeItem(k)}catch(f){}}})(${JSON.stringify(STORAGE_KEY)})`;

/**
 * React Router's `<ScrollRestoration>` (the same hook for client navigations), with an inline script
 * that reads storage only when there can be something to restore.
 */
export function ScrollRestoration({ nonce }: { nonce?: string }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, with this response's CSP nonce
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCROLL }} />;
}
