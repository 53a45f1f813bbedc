import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { WHEEL_ERRORS, WHEEL_MAX_BUY } from "../../../core/api/contract-wheel";
import { PlatformError } from "../../../core/api/errors";
import { createT } from "../../lib/i18n/translate";
import { redirectWithToast } from "../../lib/toast.server";
import { getPlatform } from "../../middleware/platform.server";
import { getSite, requirePlayer, sitePath } from "../site/site.server";
import { CLIENT_SEED_PATTERN } from "../../../core/fairness";
import { AMOUNT_KEY, CAMPAIGN_KEY, CODE_KEY, PAY_KEY, POPUP_KEY, REVEALED_KEY, SPIN_KEY, VERIFY_KEY } from "./keys";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const campaignId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const key = z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/);

const WheelForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("spin"), campaign_id: campaignId, key }),
  z.object({
    intent: z.literal("buy"),
    campaign_id: campaignId,
    key,
    spins_amount: z.coerce.number().int().min(1).max(WHEEL_MAX_BUY),
    pay_with: z.enum(["money", "points"]),
  }),
  z.object({ intent: z.literal("seed"), campaign_id: campaignId, client_seed: z.string().max(200) }),
  z.object({
    intent: z.literal("rotate"),
    campaign_id: campaignId,
    verify: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
  }),
]);

/** A refused client seed: its message, and the text the player typed, shown again in the field (no JS reloads the page). */
export type WheelActionData = { seedErrors: string[]; clientSeed: string } | undefined;

/** A refusal the player is told about; a server error stays an error, a lost session goes to the index. */
function refusal(e: unknown, context: Args["context"]): string {
  if (!(e instanceof PlatformError) || e.status >= 500) throw e;
  if (e.status === 401) throw redirect(sitePath(context, "/"));
  const code = String(e.params?.code ?? "");
  return (WHEEL_ERRORS as readonly string[]).includes(code) ? code : "failed";
}

/**
 * The wheel page's forms, with or without JavaScript: spin (→ the result, `?spin=<id>`), buy
 * spins (→ a toast; not enough money or points → the insufficient-funds popup), the client seed,
 * and rotating the server seed (→ the revealed seed, and the verify view it was asked from).
 * A refusal opens the error confirm (SPEC §8) by the URL.
 */
export async function wheelAction({ request, context }: Args) {
  await requirePlayer(context, request);
  const t = createT(getSite(context).messages);
  const form = WheelForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data("Unknown form", { status: 400 });
  const platform = getPlatform(context).withLocale(getSite(context).locale);
  const page = (params: Record<string, string | number>) => {
    const q = new URLSearchParams(Object.entries({ [CAMPAIGN_KEY]: form.data.campaign_id, ...params }).map(([k, v]) => [k, String(v)]));
    return sitePath(context, `/wheel-of-fortune?${q}`);
  };
  const f = form.data;
  const seedRefused = () =>
    data({ seedErrors: [t("wheel.fair.seedInvalid")], clientSeed: f.intent === "seed" ? f.client_seed : "" } satisfies WheelActionData, { status: 400 });
  try {
    switch (f.intent) {
      case "spin": {
        const { spin } = await platform.call("FortuneWheels.spinWheel", { campaign_id: f.campaign_id, key: f.key });
        return redirect(page({ [SPIN_KEY]: spin.id }));
      }
      case "buy": {
        const bought = await platform.call("FortuneWheels.buySpin", {
          campaign_id: f.campaign_id,
          key: f.key,
          spins_amount: f.spins_amount,
          pay_with: f.pay_with,
        });
        return redirectWithToast(page({}), {
          type: "success",
          text: t("wheel.buy.bought", { spins: String(bought.spins_bought), balance: String(bought.spin_balance) }),
        });
      }
      case "seed": {
        if (!CLIENT_SEED_PATTERN.test(f.client_seed)) return seedRefused();
        await platform.call("FortuneWheels.clientSeedSet", { client_seed: f.client_seed });
        return redirectWithToast(page({}), { type: "success", text: t("wheel.fair.seedSaved") });
      }
      case "rotate": {
        const { revealed } = await platform.call("FortuneWheels.seedRotate", {});
        return redirect(page(f.verify ? { [VERIFY_KEY]: f.verify } : { [REVEALED_KEY]: revealed.server_seed }));
      }
    }
  } catch (e) {
    const code = refusal(e, context);
    if (f.intent === "buy" && (code === "insufficient_funds" || code === "insufficient_points")) {
      throw redirect(page({ [POPUP_KEY]: "buy-confirm", [AMOUNT_KEY]: f.spins_amount, [PAY_KEY]: f.pay_with }));
    }
    if (f.intent === "seed") return seedRefused();
    throw redirect(page({ [POPUP_KEY]: "error", [CODE_KEY]: code }));
  }
}
