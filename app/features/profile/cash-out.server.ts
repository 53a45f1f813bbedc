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
 * The sports bets page's cash-out form (decision 0105), a plain post: the offer's token, and for a
 * part the amount typed (`part`). Taken: back to the page (the bet shows cashed out, or what rides);
 * refused: the reason beside the bet, whose new offer the page's loader has made already.
 */
export async function cashOutAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const bet = String(form.get("bet") ?? "") || null;
  const part = form.get("mode") === "part";
  const fail = (error: NonNullable<CashOutActionData>["error"], extra: Partial<NonNullable<CashOutActionData>> = {}, status = 400) =>
    data({ error, bet, ...extra } satisfies CashOutActionData, { status });
  if (form.get("intent") !== "cashout" || !token || token.length > 600) throw data("Unknown form", { status: 400 });
  const amount = part ? parseStake(String(form.get("amount") ?? "")) : null;
  if (part && amount === null) return fail("amount_invalid");
  const platform = getPlatform(context).withLocale(getSite(context).locale);
  try {
    await platform.call("sportsbook.cashOut", { token, ...(amount === null ? {} : { amount }) });
  } catch (e) {
    if (!(e instanceof PlatformError) || e.status >= 500) throw e;
    const code = String(e.params?.code ?? "");
    const known = (CASHOUT_REFUSALS as readonly string[]).includes(code) ? (code as (typeof CASHOUT_REFUSALS)[number]) : "failed";
    return fail(known, { min: Number(e.params?.min) || undefined, max: Number(e.params?.max) || undefined }, e.status);
  }
  const url = new URL(request.url);
  return redirect(documentPath(url.pathname + url.search));
}
