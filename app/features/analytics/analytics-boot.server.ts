import type { EntryContext, RouterContextProvider } from "react-router";
import { readCookie } from "../../../core/cookies";
import type { MessageBundle } from "../../../core/api/entities";
import type { CashierTransaction } from "../../../core/api/entities-cashier";
import type { ResultOf } from "../../../core/api/contract";
import { getSite } from "../site/site.server";
import { workerContext } from "../../lib/context.server";
import { inlineJson } from "../../lib/inline-json.server";
import { CONSENT_COOKIE, CONSENT_PATH, DEMO_ANALYTICS_COOKIE, demoOverrides } from "../../../core/consent";
import type { AnalyticsConfig } from "./dispatcher";
import { escapeMarkup } from "../../../core/markup";

/** The first-party image beacon of the embedded platform (workers/platform/analytics/beacon.ts). */
export const DEFAULT_BEACON_URL = "/platform/analytics/beacon";
/** How long after the document starts the image beacon goes (SPEC §7). */
export const BEACON_DELAY_MS = 3000;

type RootSlice = { player?: { uid: number } | null; locales?: { code: string }[] } | undefined;

export interface AnalyticsBoot {
  /** Inline script for the head (appended to the existing one: same nonce). */
  script: string;
  /** The consent banner's HTML (a plain form), or "" when none is due. */
  banner: string;
}

/** The game page's sysname when this document is one (`routes/game.$sysname`, plain or localized). */
function gameSysname(context: EntryContext): string | null {
  for (const m of context.staticHandlerContext.matches) {
    if (m.route.id === "game.$sysname" || m.route.id === "game.$sysname.localized") return m.params.sysname ?? null;
  }
  return null;
}

/**
 * A completed deposit, when this document is its success page (`cashier/paysuccess/{id}`, reached
 * by a document redirect once the payment settled: the page's loader has redirected any other
 * status away). With the transaction id, so a sink can count a reloaded page once.
 */
function depositDone(context: EntryContext): { transaction_id: string; amount: number; currency: string; method: string } | null {
  for (const m of context.staticHandlerContext.matches) {
    if (m.route.id !== "cashier.paysuccess" && m.route.id !== "cashier.paysuccess.localized") continue;
    const tx = (context.staticHandlerContext.loaderData?.[m.route.id] as { transaction?: CashierTransaction | null } | undefined)?.transaction;
    if (tx && tx.type === "deposit" && tx.status === "success")
      return { transaction_id: tx.id, amount: tx.amount.amount, currency: tx.amount.currency, method: tx.method };
  }
  return null;
}

function message(bundle: MessageBundle, key: string, fallback: string): string {
  let node: string | MessageBundle | undefined = bundle;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : fallback;
}

/** The banner: server-rendered, no script; its form sets the cookie and comes back here. */
function bannerHtml(bundle: MessageBundle, back: string): string {
  const t = (k: string, f: string) => escapeMarkup(message(bundle, `analytics.consent.${k}`, f));
  return (
    `<form method="post" action="${CONSENT_PATH}" class="consent-banner" data-testid="consent-banner" role="region" aria-label="${t("title", "Cookies and analytics")}" ` +
    `style="position:fixed;inset-inline:12px;bottom:12px;z-index:1000;max-width:560px;margin-inline:auto;padding:14px 16px;border-radius:12px;` +
    `background:var(--surface-2,#1d2030);color:var(--text,#f2f3f7);box-shadow:0 8px 30px rgba(0,0,0,.35);display:flex;flex-wrap:wrap;gap:10px;align-items:center">` +
    `<input type="hidden" name="back" value="${escapeMarkup(back)}">` +
    `<p style="margin:0;flex:1 1 260px">${t("text", "We use analytics to improve the site. May we?")}</p>` +
    `<button type="submit" name="choice" value="accept" class="btn btn--primary">${t("accept", "Accept")}</button>` +
    `<button type="submit" name="choice" value="decline" class="btn btn--ghost">${t("decline", "Decline")}</button></form>`
  );
}

/**
 * The document's analytics boot (decision 0057), server-rendered only — no bytes in the page's
 * JavaScript files. The inline script sets up the queue `window.pfa` with what the server knows
 * (page_view; identify with the player's uid; game_launch on a game page; deposit on a completed
 * deposit's success page), then, when consent
 * allows: sends the image beacon 3 s after start (referrer, query, and the SEON session id kept in
 * sessionStorage `pf.seon` when `is_seon_enabled`), and imports `/analytics.js` on the first
 * interaction (a scroll counts only when it is the page's, not an element's that scrolls itself). A site that requires consent sends nothing before the `pf_consent=yes` cookie.
 */
export async function analyticsBoot(request: Request, context: EntryContext, loadContext: RouterContextProvider): Promise<AnalyticsBoot> {
  let info: ResultOf<"metadata.getgeneralinfo">;
  let bundle: MessageBundle;
  try {
    const site = getSite(loadContext);
    info = await site.generalInfo();
    bundle = site.messages;
  } catch {
    return { script: "", banner: "" }; // no site (an error document before the site middleware): nothing to report on
  }
  const root = context.staticHandlerContext.loaderData?.root as RootSlice;
  const url = new URL(request.url);
  const cookies = request.headers.get("cookie");
  const consent = readCookie(cookies, CONSENT_COOKIE);
  const demo =
    loadContext.get(workerContext).env.APP_ENV === "production" ? { consent: false, seon: false } : demoOverrides(readCookie(cookies, DEMO_ANALYTICS_COOKIE));
  const consentRequired = info.analytic.consentRequired || demo.consent;
  const seon = info.is_seon_enabled || demo.seon;
  const allowed = !consentRequired || consent === "yes";
  const cfg: AnalyticsConfig = {
    uid: root?.player?.uid ?? null,
    gtmId: info.analytic.gtmId,
    ymId: info.analytic.ymId,
    locales: (root?.locales ?? []).map((l) => l.code),
    collect: "/api/analytics/collect?v=1",
    batchMs: 1000,
  };
  const game = gameSysname(context);
  const deposit = depositDone(context);
  const src = `/analytics.js?v=${encodeURIComponent(context.manifest.version)}`;
  const beacon = info.analytic.beaconUrl || DEFAULT_BEACON_URL;
  let script =
    `;(function(){var q=window.pfa=window.pfa||[],c=${inlineJson(cfg)},t=Date.now();` +
    `q.push(["page_view",{path:location.pathname},t]);if(c.uid)q.push(["identify",{uid:c.uid},t]);` +
    (game ? `q.push(["game_launch",{sysname:${inlineJson(game)}},t]);` : "") +
    (deposit ? `q.push(["deposit",${inlineJson(deposit)},t]);` : "");
  if (allowed) {
    script +=
      `setTimeout(function(){var s="",b=${inlineJson(beacon)};` +
      (seon
        ? `try{s=sessionStorage.getItem("pf.seon")||"";if(!/^[0-9a-f]{32}$/.test(s)){s=crypto.randomUUID().replace(/-/g,"");sessionStorage.setItem("pf.seon",s)}}catch(e){}`
        : "") +
      `new Image().src=b+(b.indexOf("?")<0?"?":"&")+"r="+encodeURIComponent(document.referrer)+"&q="+encodeURIComponent(location.search.slice(1))` +
      `+"&p="+encodeURIComponent(location.pathname)+(s?"&seon="+s:"")},${BEACON_DELAY_MS});` +
      `var E=["pointerdown","keydown","touchstart","scroll"],go=function(e){if(e.type==="scroll"&&e.target!==document)return;E.forEach(function(n){removeEventListener(n,go,true)});` +
      `import(${inlineJson(src)}).then(function(m){m.start(c)}).catch(function(){})};` +
      `E.forEach(function(n){addEventListener(n,go,{capture:true,passive:true})});`;
  }
  script += `})()`;
  const banner = consentRequired && consent !== "yes" && consent !== "no" ? bannerHtml(bundle, url.pathname + url.search) : "";
  return { script, banner };
}
