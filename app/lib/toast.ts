/** Toasts (SPEC §3): types and defaults shared by the flash cookie and the toast area. */
export const TOAST_TYPES = ["neutral", "info", "success", "warning", "error"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface Toast {
  id: string;
  type: ToastType;
  text: string;
  icon?: string;
  allowClose: boolean;
  /** Milliseconds on screen; 0 keeps it until closed. */
  time: number;
  /** Where the news can be acted on (a site path): shown as a link after the text. */
  link?: { to: string; text: string };
}

export const TOAST_DEFAULT_TIME = 5000;

const isSitePath = (to: unknown): to is string => typeof to === "string" && /^\/(?![/\\])/.test(to);

export function makeToast(input: Partial<Toast> & { text: string }): Toast {
  return {
    id: input.id ?? Math.random().toString(36).slice(2, 12),
    type: input.type && TOAST_TYPES.includes(input.type) ? input.type : "neutral",
    text: input.text,
    icon: input.icon,
    allowClose: input.allowClose ?? true,
    time: input.time ?? TOAST_DEFAULT_TIME,
    // A site path only: a toast's input may come from a cookie.
    link: isSitePath(input.link?.to) && typeof input.link?.text === "string" ? { to: input.link.to, text: input.link.text } : undefined,
  };
}
