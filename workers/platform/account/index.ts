import type { AccountInfo } from "../../../app/lib/api/entities";
import { PlatformError } from "../../../app/lib/api/errors";
import type { Handlers } from "../core/context";
import { readSetting } from "../core/settings";
import { verify } from "../core/signing";

export const UNSUBSCRIBE_PURPOSE = "unsubscribe";

/** The account a visitor sees before signing in: uid 0, empty balances in the site currency. */
async function anonymousInfo(ctx: Parameters<Handlers["account.getInfo"]>[1]): Promise<AccountInfo> {
  const { default_currency: currency } = await readSetting<{ default_currency: string }>(ctx.db, "general_info");
  const zero = { amount: 0, currency };
  const cf = (ctx.request as Request & { cf?: { country?: string } }).cf;
  return {
    uid: 0,
    reg_time: null,
    login: "",
    fakename: "",
    first_name: "",
    is_subscribed: false,
    balance_main: zero,
    balance_bonus: zero,
    balance_betting_bonus: zero,
    balance_fun: zero,
    is_on_verification: false,
    is_verified: false,
    is_kyc_block_enabled: false,
    is_registration_completed: false,
    country_code: typeof cf?.country === "string" ? cf.country : "",
    locale: ctx.locale,
    two_factor_auth: false,
    email: null,
    mobile: null,
  };
}

export const accountHandlers: Handlers<"account.getInfo" | "account.unsubscribe"> = {
  "account.getInfo": (_p, ctx) => anonymousInfo(ctx),

  async "account.unsubscribe"({ contact, token }, ctx) {
    const normalized = contact.trim().toLowerCase();
    if (!(await verify(ctx.env.SIGNING_SECRET, UNSUBSCRIBE_PURPOSE, normalized, token))) {
      throw new PlatformError("InvalidParameter", "This unsubscribe link is not valid", {
        fields: { token: ["The link is not valid or has been altered"] },
      });
    }
    await ctx.db
      .prepare("INSERT INTO unsubscribes (contact, created_at) VALUES (?1, ?2) ON CONFLICT (contact) DO NOTHING")
      .bind(normalized, Date.now())
      .run();
    return 1 as const;
  },
};
