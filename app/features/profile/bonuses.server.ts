import { marketRules } from "../responsible/market";
import { data, redirect, type RouterContextProvider } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { isPlatformError, PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import type { BonusIntent } from "../bonuses/bonus-dialogs";
import type { PromoActionData } from "../promocodes/promo-activate";
import { promoCodeMessage } from "../promocodes/promo-code-messages";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { bonusesSchema } from "./bonuses.schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** `confirm.nonce`: new with each answer, so a dialog closed in place opens again on the next submit. */
export type BonusActionData =
  | { bonusId: string; formErrors: string[] }
  | { confirm: { intent: BonusIntent; bonusId: string; nonce: string } }
  | PromoActionData
  | undefined;

/** `/profile/bonuses` (SPEC §2): casino bonuses (active with its wagering, available, history), betting bonuses, the balances. */
export async function loadBonuses({ request, context }: Args) {
  const account = await requirePlayer(context, request);
  const site = getSite(context);
  const platform = getPlatform(context).withLocale(site.locale);
  const query = new URL(request.url).searchParams;
  const activated = query.get("activated");
  const [bonuses, betting, freespins, promoActivated] = await Promise.all([
    orErrorPage(platform.call("bonuses.get")),
    orErrorPage(platform.call("BettingBonuses.get")),
    activeFreespinPacks(platform),
    redeemedPromoCode(platform, query.get("promo_activated") ?? ""),
  ]);
  return {
    bonuses,
    betting,
    freespins,
    balances: { main: account.balance_main, bonus: account.balance_bonus, betting: account.balance_betting_bonus },
    /** The player's market's bonus rules, said beside the terms they hold (decision 0083). */
    market: marketRules(account),
    /** A betting bonus just activated: the betting-bonus-activated dialog. */
    bettingActivated: betting.active.find((b) => b.id === activated) ?? null,
    /** A promo code just activated (decision 0044): the promo-code-activated dialog. */
    promoActivated,
    siteName: site.metadata.siteName,
    title: createT(site.messages)("profile.bonuses.title"),
  };
}

/**
 * The code `?promo_activated=` names, when it is one this player can no longer redeem because it
 * is used (decision 0044, update 2026-11-27): the popup then follows a real redemption, never any
 * text put in the URL. USED also covers a code whose every use is taken — the platform tells no
 * more, and that popup still names a real code.
 */
async function redeemedPromoCode(platform: ReturnType<typeof getPlatform>, code: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(code)) return null;
  try {
    await platform.call("campaigns.checkPromocode", { promo_code: code, context: "activate" });
    return null; // still redeemable: not activated
  } catch (e) {
    if (isPlatformError(e, "InvalidParameter") && e.fields?.promo_code?.[0] === "USED") return code;
    if (!(e instanceof PlatformError) || e.status >= 500) console.error("profile bonuses: promo code check failed", e);
    return null;
  }
}

/** The active free-spin packs (decision 0041); if they cannot be read the page still shows the bonuses. */
function activeFreespinPacks(platform: ReturnType<typeof getPlatform>) {
  return platform
    .call("freespins.get", { fields: "description", status: "active", count: 99 })
    .then((list) => list.items)
    .catch((e: unknown) => {
      console.error("profile bonuses: free-spin packs could not be read", e);
      return [];
    });
}

/** The page's action, the same with and without JavaScript: success back with a toast, a refusal beside its bonus. */
export async function bonusesAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const submission = parseWithZod(await request.formData(), { schema: bonusesSchema });
  if (submission.status !== "success") throw data("Unknown form", { status: 400 });
  const form = submission.value;
  if (form.intent === "promo") return activatePromoCode(context, t, form.promo_code);
  const { intent, bonus_id, kind, confirmed, burn } = form;
  if (!confirmed) return data({ confirm: { intent, bonusId: bonus_id, nonce: crypto.randomUUID() } } satisfies BonusActionData);
  const platform = getPlatform(context);
  const betting = kind === "betting";
  try {
    if (intent === "activate") {
      // Burning bonuses, agreed: the platform ends the active bonus of this kind only once the new
      // one passed its checks, so a refused activation (expired, other currency) burns nothing.
      await platform.call(betting ? "BettingBonuses.activate" : "bonuses.activate", { bonus_id, ...(burn ? { burn_active: "1" as const } : {}) });
    } else if (intent === "remove" || betting) {
      await platform.call(betting ? "BettingBonuses.remove" : "bonuses.remove", { bonus_id });
    } else {
      await platform.call("bonuses.deactivate", { bonus_id });
    }
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    const message =
      e.params?.reason === "bonus_active"
        ? t("profile.bonuses.anotherActive")
        : e.params?.currency // granted in the currency the account had before it changed
          ? t("profile.bonuses.otherCurrency", { currency: String(e.params.currency) })
          : e.fields?.bonus_id?.[0]
            ? t("profile.bonuses.gone")
            : e.message;
    return data({ bonusId: bonus_id, formErrors: [message] } satisfies BonusActionData, { status: e.status });
  }
  const done = { activate: "profile.bonuses.activated", remove: "profile.bonuses.removed", deactivate: "profile.bonuses.exited" }[intent];
  // An activated betting bonus has its own dialog (betting-bonus-activated) instead of a toast.
  if (betting && intent === "activate") throw redirect(sitePath(context, `/profile/bonuses?activated=${bonus_id}`));
  return redirectWithToast(sitePath(context, "/profile/bonuses"), { type: "success", text: t(done) });
}

/**
 * The page's promo-code form (decision 0044): campaigns.activateOffer, then the page again with
 * the promo-code-activated dialog; a refusal comes back on the field with the SPEC §8 message.
 */
async function activatePromoCode(context: Args["context"], t: ReturnType<typeof createT>, raw: string | undefined) {
  const value = (raw ?? "").trim().slice(0, 50);
  const refuse = (errors: string[], status = 400) => data({ promo: { errors, value } } satisfies PromoActionData, { status });
  if (!value) return refuse([t("validation.required")]);
  try {
    const info = await getPlatform(context).call("campaigns.activateOffer", { promo_code: value });
    throw redirect(sitePath(context, `/profile/bonuses?promo_activated=${encodeURIComponent(info.code)}`));
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    if (e.status === 401) throw redirect(sitePath(context, "/"));
    const retryAfter = e.exception === "TooManyRequests" ? Number(e.params?.retry_after) || null : null;
    return refuse([promoCodeMessage(e.fields?.promo_code, t, retryAfter)], e.status);
  }
}
