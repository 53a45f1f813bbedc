/**
 * The analytics dispatcher (decision 0057). The Worker serves this function's text as
 * `/analytics.js` (workers/analytics/route.ts), which the document's inline boot imports on the
 * first interaction when consent allows: it is never part of a page's first-load JavaScript. It
 * must stay self-contained (nothing from the module scope); everything it touches comes from `w`.
 *
 * - drains the document's queue `w.pfa` (the boot's page_view/identify/game_launch and the app's
 *   `track()` calls) and replaces it, so later pushes are handled at once;
 * - keeps an anonymous id (`localStorage` `pf.aid`) and the identified player (`pf.uid`):
 *   `identify` with a new uid sets it; `logout` anonymizes (a new anonymous id, the uid dropped);
 *   a document of nobody (`cfg.uid` null) after an identified one anonymizes too;
 * - client-side navigations (history pushState/replaceState, popstate) emit page_view, and
 *   game_launch when the path is a game page (`/game/{sysname}`, `/{locale}/game/{sysname}`);
 * - form submissions it recognises (sign-out, deposit, tournament participation, a wheel spin) are events too,
 *   so the forms themselves carry no analytics code;
 * - sinks: the first-party collector (batched, `fetch` with `keepalive`), `w.dataLayer` when
 *   `cfg.gtmId` is set, Yandex Metrica's `w.ym` when `cfg.ymId` is set and the function exists
 *   (their scripts are never loaded here).
 */
export interface AnalyticsConfig {
  /** The document's signed-in player, null for a visitor. */
  uid: number | null;
  gtmId: string;
  ymId: string;
  locales: string[];
  /** The collector's URL (analytics.collect). */
  collect: string;
  /** How long events wait to be sent together (ms). */
  batchMs: number;
}

type Params = Record<string, string | number | boolean>;
type Entry = [string, Params | undefined, number?];
type Stored = { name: string; params: Params; at: number; path: string };

/** What the dispatcher uses of the browser's window (a fake in unit tests). */
export interface AnalyticsWindow {
  pfa?: Entry[] | { push(e: Entry): unknown };
  dataLayer?: unknown[];
  ym?: (...args: unknown[]) => void;
  localStorage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  location: { pathname: string; search: string };
  history: { pushState(...a: unknown[]): void; replaceState(...a: unknown[]): void };
  crypto: { randomUUID(): string };
  document: { addEventListener(type: "submit", fn: (e: Event) => void, capture?: boolean): void };
  addEventListener(type: string, fn: (e: Event) => void, capture?: boolean): void;
  setTimeout(fn: () => void, ms: number): unknown;
  fetch(url: string, init: RequestInit): Promise<unknown>;
}

/**
 * What the dispatcher answers: `flush` sends the outbox now; `record` sends one event to the
 * first-party collector only, at once, with the path it belongs to (the Web Vitals collector's
 * event at page hide, decision 0113: the document's first path, and no GTM/Metrica goal).
 */
export interface AnalyticsDispatch {
  flush(): void;
  record(name: string, params: Params, path: string): void;
}

export function analyticsDispatcher(cfg: AnalyticsConfig, w: AnalyticsWindow): AnalyticsDispatch {
  const AID = "pf.aid";
  const UID = "pf.uid";
  const BATCH = 20;
  const read = (k: string): string | null => {
    try {
      return w.localStorage.getItem(k);
    } catch {
      return null;
    }
  };
  const write = (k: string, v: string | null): void => {
    try {
      if (v === null) w.localStorage.removeItem(k);
      else w.localStorage.setItem(k, v);
    } catch {
      /* storage blocked: the ids live as long as the page */
    }
  };
  const newId = (): string => w.crypto.randomUUID().replace(/-/g, "");
  let aid = read(AID) ?? "";
  if (!/^[0-9a-f]{32}$/.test(aid)) write(AID, (aid = newId()));
  let userid = read(UID);
  const outbox: Stored[] = [];
  let timer: unknown = null;
  const here = () => w.location.pathname + w.location.search;
  const locales = cfg.locales.filter((l) => /^[a-z]{2}(?:-[A-Za-z]{2})?$/.test(l)).join("|");
  const gamePath = new RegExp(`^(?:/(?:${locales || "_"}))?/game/([^/?#]+)/?$`);

  function flush(): void {
    timer = null;
    while (outbox.length) {
      const body = new FormData();
      body.append("aid", aid);
      body.append("events", JSON.stringify(outbox.splice(0, BATCH)));
      w.fetch(cfg.collect, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => {});
    }
  }

  function toSinks(name: string, params: Params): void {
    if (cfg.gtmId) (w.dataLayer ||= []).push({ event: name, ...params, ...(userid ? { userid } : {}) });
    if (cfg.ymId && typeof w.ym === "function") {
      if (name === "identify") w.ym(Number(cfg.ymId), "userParams", { UserID: userid });
      else w.ym(Number(cfg.ymId), "reachGoal", name, params);
    }
  }

  function emit(name: string, params: Params = {}, at = Date.now()): void {
    outbox.push({ name, params, at, path: here().slice(0, 500) });
    toSinks(name, params);
    if (outbox.length >= BATCH) flush();
    else if (timer === null) timer = w.setTimeout(flush, cfg.batchMs);
  }

  function anonymize(): void {
    if (!userid) return;
    emit("anonymize");
    flush(); // the last batch goes out under the old anonymous id
    userid = null;
    write(UID, null);
    write(AID, (aid = newId()));
  }

  function handle(entry: Entry): void {
    const [name, params = {}, at] = entry;
    if (name === "identify") {
      const uid = String(params.uid ?? "");
      if (!uid || uid === userid) return;
      if (userid) anonymize();
      userid = uid;
      write(UID, uid);
      emit("identify", { uid }, at);
      return;
    }
    emit(name, params, at);
    if (name === "logout") anonymize();
  }

  // The document's own facts first: a visitor's document after an identified one anonymizes.
  if (cfg.uid === null) anonymize();
  const queued = Array.isArray(w.pfa) ? w.pfa : [];
  w.pfa = { push: (e: Entry) => handle(e) };
  for (const e of queued) handle(e);

  let lastPath = w.location.pathname;
  function navigated(): void {
    const path = w.location.pathname;
    if (path === lastPath) return;
    lastPath = path;
    emit("page_view", { path });
    const game = gamePath.exec(path);
    if (game) emit("game_launch", { sysname: decodeURIComponent(game[1]!) });
  }
  for (const method of ["pushState", "replaceState"] as const) {
    const original = w.history[method];
    w.history[method] = function (this: unknown, ...args: unknown[]) {
      original.apply(this, args);
      navigated();
    };
  }
  w.addEventListener("popstate", navigated);

  // Forms that are events in themselves: sign-out, a deposit, joining a tournament, spinning the wheel.
  w.document.addEventListener(
    "submit",
    (e) => {
      const form = e.target as HTMLFormElement | null;
      if (!form || typeof form.querySelector !== "function") return;
      const intent = (form.querySelector('input[name="intent"]') as HTMLInputElement | null)?.value;
      if (intent === "logout") return handle(["logout", {}]);
      if (intent === "spin") {
        const id = (form.querySelector('input[name="campaign_id"]') as HTMLInputElement | null)?.value;
        return handle(["wheel_spin", id ? { campaign_id: id } : {}]);
      }
      if (intent === "participate") {
        const id = (form.querySelector('input[name="tournament_id"]') as HTMLInputElement | null)?.value;
        return handle(["tournament_participate", id ? { tournament_id: id } : {}]);
      }
      const deposit = /\/cashier\/deposit\/([^/?#]+)/.exec(w.location.pathname);
      if (deposit && form.classList.contains("cashier__form")) {
        const amount = (form.querySelector('input[name="amount"]') as HTMLInputElement | null)?.value ?? "";
        handle(["deposit_submit", { method: decodeURIComponent(deposit[1]!), amount: amount.slice(0, 32) }]);
      }
    },
    true,
  );
  w.addEventListener("pagehide", flush);
  const record = (name: string, params: Params, path: string): void => {
    outbox.push({ name, params, at: Date.now(), path: path.slice(0, 500) });
    flush();
  };
  return { flush, record };
}
