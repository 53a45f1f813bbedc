import { data, redirect, type RouterContextProvider } from "react-router";
import { CASHOUT_REFUSALS } from "../../../core/api/contract-sportsbook";
import { PlatformError } from "../../../core/api/errors";
import { documentPath } from "../../lib/access";
import { getPlatform } from "../../middleware/platform.server";
import { parseStake } from "../sportsbook/slip-math";
import { getSite, requirePlayer } from "../site/site.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** What the bets page says of a cash-out that did not go through (decision 0105), and the bet it concerns. */
export type CashOutActionData =
  | { error: (typeof CASHOUT_REFUSALS)[number] | "amount_invalid" | "failed"; bet: string | null; min?: number; max?: number }
  | undefined;

/**
 * The sports bets page's cash-out forms (decision 0105), plain posts: the offer's token, and for a
 * part the amount typed (`part`); or an auto cash-out's threshold typed, or off (decision 0110).
 * Taken: back to the page (the bet shows cashed out, what rides, or its threshold); refused: the
 * reason beside the bet, whose new offer the page's loader has made already.
 */
export async function cashOutAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const bet = String(form.get("bet") ?? "") || null;
  const part = form.get("mode") === "part";
  const fail = (error: NonNullable<CashOutActionData>["error"], extra: Partial<NonNullable<CashOutActionData>> = {}, status = 400) =>
    data({ error, bet, ...extra } satisfies CashOutActionData, { status });
  const intent = form.get("intent");
  const auto = intent === "auto";
  if (auto ? !bet || !/^[0-9a-f-]{36}$/.test(bet) : intent !== "cashout" || !token || token.length > 600) throw data("Unknown form", { status: 400 });
  // An auto cash-out's threshold (decision 0110), or none (mode off); a cash-out's part.
  const off = auto && form.get("mode") === "off";
  const amount = auto ? (off ? null : parseStake(String(form.get("auto") ?? ""))) : part ? parseStake(String(form.get("amount") ?? "")) : null;
  if ((part || (auto && !off)) && amount === null) return fail("amount_invalid");
  const platform = getPlatform(context).withLocale(getSite(context).locale);
  try {
    if (auto) await platform.call("sportsbook.setAutoCashOut", { bet_id: bet!, ...(amount === null ? {} : { value: amount }) });
    else await platform.call("sportsbook.cashOut", { token, ...(amount === null ? {} : { amount }) });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    const code = String(e.params?.code ?? "");
    const known = (CASHOUT_REFUSALS as readonly string[]).includes(code) ? (code as (typeof CASHOUT_REFUSALS)[number]) : "failed";
    return fail(known, { min: Number(e.params?.min) || undefined, max: Number(e.params?.max) || undefined }, e.status);
  }
  const url = new URL(request.url);
  return redirect(documentPath(url.pathname + url.search));
}
