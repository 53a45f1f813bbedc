import type { RouterContextProvider } from "react-router";
import type { WheelCampaign, WheelQuest, WheelSpin } from "../../../core/api/contract-wheel";
import { WHEEL_ERRORS, WHEEL_MAX_BUY, WHEEL_QUESTS_LIMIT } from "../../../core/api/contract-wheel";
import { PlatformError } from "../../../core/api/errors";
import { orErrorPage } from "../../lib/api/page-errors.server";
import { loginRedirect } from "../../lib/access";
import { createT } from "../../lib/i18n/translate";
import { getPlatform } from "../../middleware/platform.server";
import { seoMeta } from "../content/seo.server";
import { notFound } from "../errors/not-found.server";
import { getSite, indexPath } from "../site/site.server";
import { FAIR_ALGORITHM } from "../../../core/fairness";
import { AMOUNT_KEY, CAMPAIGN_KEY, CODE_KEY, PAY_KEY, POPUP_KEY, QUEST_KEY, REVEALED_KEY, SPIN_KEY, VERIFY_KEY, isPopup, type WheelPopup } from "./keys";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The player's spins the page lists (and looks a `?spin=` or `?verify=` id up in). */
export const MY_SPINS = 20;

const idParam = (value: string | null) => (value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null);
const spinIdParam = (value: string | null) => (value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null);

/** What a buy-spins popup asks: how many (1…WHEEL_MAX_BUY, default 1) and paid with what. */
export function buyRequest(query: URLSearchParams) {
  const n = Number(query.get(AMOUNT_KEY) ?? "1");
  const amount = Number.isInteger(n) && n >= 1 && n <= WHEEL_MAX_BUY ? n : 1;
  const pay: "money" | "points" = query.get(PAY_KEY) === "points" ? "points" : "money";
  return { amount, pay, max: WHEEL_MAX_BUY };
}

/** A read only one popup needs; a refusal (a lost session, a removed quest) leaves the popup empty rather than failing the page. */
const optional = <T>(promise: Promise<T>): Promise<T | null> =>
  promise.catch((e: unknown) => {
    if (e instanceof PlatformError && e.status < 500) return null;
    throw e;
  });

/**
 * `/wheel-of-fortune` (public; issue 21, decision 0047): a running campaign (the first, or
 * `?campaign=<id>`; another id is a 404), its wheel and published odds; for a player their spins,
 * quests and fairness state. The SPEC §2 popups open from the URL (`?popup=…`, `?spin=<id>` for a
 * spin's result, `?verify=<id>`), so each renders here and works without JavaScript.
 */
export async function loadWheel({ request, context }: Args) {
  const site = getSite(context);
  const t = createT(site.messages);
  const platform = getPlatform(context).withLocale(site.locale);
  const url = new URL(request.url);
  const query = url.searchParams;
  // The render's account is already asked for (the root's loader): a visitor's wheel then comes
  // from the isolate's copy, the same for every visitor (issue 39: four D1 reads a visitor's render).
  const account = await orErrorPage(site.account());
  const player = account.uid > 0;
  const list = await orErrorPage(player ? platform.call("FortuneWheels.campaignsGet", {}) : site.visitorWheel.campaigns());
  const wanted = query.get(CAMPAIGN_KEY);
  const campaign: WheelCampaign | undefined = wanted === null ? list.items[0] : list.items.find((c) => String(c.id) === wanted);
  if (wanted !== null && !campaign) throw notFound(request);
  const meta = seoMeta({ title: campaign?.title || t("wheel.title"), description: t("wheel.metaDescription") }, site.metadata.siteName);
  const base = {
    campaigns: list.items.map((c) => ({ id: c.id, title: c.title })),
    player,
    signIn: loginRedirect(indexPath(site), url.pathname + url.search),
    algorithm: FAIR_ALGORITHM,
    key: crypto.randomUUID(),
    meta,
  };
  if (!campaign) return { ...base, campaign: null, view: null };

  const asked = query.get(POPUP_KEY);
  const popup: WheelPopup | null = isPopup(asked) ? asked : null;
  const id = { campaign_id: campaign.id };
  const needsQuests = player || popup === "quests" || popup === "quest";
  const named = query.has(SPIN_KEY) || query.has(VERIFY_KEY);
  const [info, quests, mine, rules, winners, received, points, history] = await Promise.all([
    orErrorPage(player ? platform.call("FortuneWheels.wheelInfoGet", id) : site.visitorWheel.info(campaign.id)),
    needsQuests ? orErrorPage(platform.call("FortuneWheels.campaignsQuestsGet", id)) : Promise.resolve({ items: [] as WheelQuest[] }),
    // A spin named by the URL may be older than the list shows: look it up among the last 100.
    player ? orErrorPage(platform.call("FortuneWheels.wheelSpinResults", { ...id, scope: "mine", count: named ? 100 : MY_SPINS, offset: 0 })) : null,
    popup === "rules" ? optional(platform.call("FortuneWheels.campaignsInfo", id)) : null,
    popup === "winners" ? optional(platform.call("FortuneWheels.wheelSpinResults", { ...id, scope: "winners", count: 20, offset: 0 })) : null,
    popup === "received" && player ? optional(platform.call("FortuneWheels.wheelRewardsGet", { ...id, count: 20, offset: 0 })) : null,
    player && campaign.is_spin_cost && (popup === "buy" || popup === "buy-confirm")
      ? optional(platform.call("loyalty.getinfo")).then((i) => i?.points ?? 0)
      : 0,
    popup === "quests" && player ? optional(platform.call("FortuneWheels.userQuestsHistoryGet", { ...id, limit: WHEEL_QUESTS_LIMIT })) : null,
  ]);
  const spins: WheelSpin[] = mine?.items ?? [];
  const findSpin = (key: string) => {
    const wantedId = spinIdParam(query.get(key));
    return wantedId === null ? null : (spins.find((s) => s.id === wantedId) ?? null);
  };
  const questId = idParam(query.get(QUEST_KEY));
  const revealed = query.get(REVEALED_KEY);
  const code = query.get(CODE_KEY);
  return {
    ...base,
    campaign: info.campaign,
    sectors: info.sectors,
    expectedReturn: info.expected_return,
    fairness: info.fairness,
    quests: quests.items,
    spins: spins.slice(0, MY_SPINS),
    view: {
      popup,
      spin: findSpin(SPIN_KEY),
      verify: findSpin(VERIFY_KEY),
      quest: popup === "quest" ? (quests.items.find((q) => q.id === questId) ?? null) : null,
      rules: rules?.rules ?? null,
      winners: winners?.items ?? null,
      received: received?.items ?? null,
      questHistory: history?.items ?? [],
      buy: buyRequest(query),
      funds: { money: account.balance_main, points },
      revealed: revealed && /^[0-9a-f]{64}$/.test(revealed) ? revealed : null,
      error: code && (WHEEL_ERRORS as readonly string[]).includes(code) ? code : null,
    },
  };
}
