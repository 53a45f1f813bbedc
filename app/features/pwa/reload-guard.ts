/** sessionStorage key: when this tab last reloaded for an updated service worker. */
export const RELOAD_KEY = "pf.sw.reloadAt";

/** Reload for a new worker only if this tab's last such reload is at least 10 s old: never a loop. */
export function shouldReload(lastReload: string | null, now: number): boolean {
  const last = Number(lastReload);
  return !lastReload || !Number.isFinite(last) || now - last >= 10_000 || now < last;
}
