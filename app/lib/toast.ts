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
}

export const TOAST_DEFAULT_TIME = 5000;

export function makeToast(input: Partial<Toast> & { text: string }): Toast {
  return {
    id: input.id ?? Math.random().toString(36).slice(2, 12),
    type: input.type && TOAST_TYPES.includes(input.type) ? input.type : "neutral",
    text: input.text,
    icon: input.icon,
    allowClose: input.allowClose ?? true,
    time: input.time ?? TOAST_DEFAULT_TIME,
  };
}
