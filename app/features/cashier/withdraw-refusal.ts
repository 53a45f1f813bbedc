import type { Money } from "../../../core/api/entities";
import type { ExceptionName } from "../../../core/api/errors";

/**
 * What a refused withdrawal asks of the player next (SPEC §8: the withdraw screen's buttons):
 * confirm their contact (or open their settings), fill in their name and date of birth (the
 * "filling profile info" dialog), verify their identity, look at the verification's status
 * (under review, or refused for good), or agree that the withdrawal ends their active bonus (the
 * "burning bonuses" dialog).
 */
export type WithdrawNeed = "confirmContact" | "profileData" | "verify" | "verificationStatus" | "burnBonuses";

/** Refusals with a text of their own (cashier.errors.<name>). */
const OWN_TEXT: ReadonlySet<ExceptionName> = new Set([
  "UserNeedConfirmContact",
  "UserNeedProfileData",
  "KycWithdrawal",
  "WithdrawalLimitsExceeded",
  "WithdrawalLimitsPeriodExceeded",
  "WithdrawalDeclined",
  "BillingTransactionDeclined",
  "AccessDenied",
]);

/** Profile fields a refusal may name, whose labels the app has (auth.fields.<name>). */
const PROFILE_FIELDS: ReadonlySet<string> = new Set([
  "first_name",
  "middle_name",
  "last_name",
  "birth_date",
  "country_code",
  "region",
  "home_town",
  "address",
  "postcode",
]);

export interface Refusal {
  exception: ExceptionName;
  message: string;
  params?: Record<string, unknown>;
}

/**
 * The player's words for a refusal (cashier.errors.<key>, or the platform's message for those the
 * app has none of) and its way out. KYC refusals (decision 0037) say why by `params.reason`: a
 * review pending (wait, see the status), verification required (verify; after a final rejection
 * `can_verify` is false: see the status). A KycWithdrawal without a reason is the amount threshold.
 */
export function withdrawRefusal(e: Refusal, t: (key: string) => string): { message: string; need: WithdrawNeed | null; missing?: string[]; burning?: Money } {
  const reason = e.params?.reason;
  if (e.exception === "InvalidRequest" && reason === "bonuses_burn") {
    // An active bonus would end (decision 0042): the burning-bonuses dialog, with what it removes.
    const named = Array.isArray(e.params?.bonuses) ? (e.params.bonuses as { balance?: Money }[]) : [];
    const balances = named.map((b) => b.balance).filter((m): m is Money => typeof m?.amount === "number" && typeof m.currency === "string");
    const burning = balances.length ? { amount: balances.reduce((s, m) => s + m.amount, 0), currency: balances[0]!.currency } : undefined;
    return { message: t("cashier.burn.title"), need: "burnBonuses", burning };
  }
  if (e.exception === "SumsubVerificationRequired") {
    const refused = e.params?.can_verify === false;
    return {
      message: t(`cashier.errors.${refused ? "SumsubVerificationRefused" : "SumsubVerificationRequired"}`),
      need: refused ? "verificationStatus" : "verify",
    };
  }
  if (e.exception === "KycWithdrawal") {
    const pending = reason === "verification_pending";
    return { message: t(`cashier.errors.${pending ? "KycWithdrawalPending" : "KycWithdrawal"}`), need: pending ? "verificationStatus" : "verify" };
  }
  const message = OWN_TEXT.has(e.exception) ? t(`cashier.errors.${e.exception}`) : e.message;
  if (e.exception === "UserNeedProfileData") {
    // The profile fields it names (params.fields), as the profile form calls them; unknown names are left out.
    const named = Array.isArray(e.params?.fields) ? e.params.fields : [];
    return { message, need: "profileData", missing: named.filter((f): f is string => typeof f === "string" && PROFILE_FIELDS.has(f)) };
  }
  return { message, need: e.exception === "UserNeedConfirmContact" ? "confirmContact" : null };
}
