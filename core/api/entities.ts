import { JURISDICTIONS } from "../jurisdictions";
import { z } from "zod";
import { fields } from "../validation/zod";

/** Entities of SPEC §3 as they travel on the /api wire. Money is integer minor units. */

export const Locale = z.object({
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  dir: z.enum(["ltr", "rtl"]),
  isDefault: z.boolean(),
});
export type Locale = z.infer<typeof Locale>;

export const LocaleList = z.object({ locales: z.array(Locale), defaultLocale: z.string() });
export type LocaleList = z.infer<typeof LocaleList>;

export type MessageBundle = { [key: string]: string | MessageBundle };
export const MessageBundle: z.ZodType<MessageBundle> = z.record(z.string(), z.union([z.string(), z.lazy(() => MessageBundle)]));

export const Money = z.object({ amount: z.number().int(), currency: z.string() });
export type Money = z.infer<typeof Money>;

export const Contact = z.object({
  type: z.enum(["email", "phone"]),
  contact: z.string(),
  is_confirmed: z.boolean(),
  is_subscribed: z.boolean(),
  phone_country_code: z.string().optional(),
});

export const AccountInfo = z.object({
  uid: z.number().int(),
  reg_time: z.number().int().nullable(),
  login: z.string(),
  fakename: z.string(),
  first_name: z.string(),
  is_subscribed: z.boolean(),
  balance_main: Money,
  balance_bonus: Money,
  balance_betting_bonus: Money,
  balance_fun: Money,
  is_on_verification: z.boolean(),
  is_verified: z.boolean(),
  is_kyc_block_enabled: z.boolean(),
  is_registration_completed: z.boolean(),
  country_code: z.string(),
  /** The market whose rules the player plays under (core/jurisdictions.ts). */
  jurisdiction: z.enum(JURISDICTIONS),
  locale: z.string(),
  two_factor_auth: z.boolean(),
  email: Contact.nullable(),
  mobile: Contact.nullable(),
  /** For a visitor whose session the player's session limit has just ended: said once, on the first call after it. */
  session_ended: z.literal("limit").optional(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const GeneralInfo = z.object({
  analytic: z.object({ gtmId: z.string(), ymId: z.string(), beaconUrl: z.string() }),
  available_currencies: z.array(z.string()),
  available_locales: z.array(z.string()),
  default_currency: z.string(),
  is_seon_enabled: z.boolean(),
  domain_state: z.enum(["active", "mirror", "blocked"]),
  domain_type: z.enum(["main", "mirror", "promo"]),
  is_bonus_isolation_enabled: z.boolean(),
  time_to_force_logout: z.number().int(),
  is_game_history_export_enabled: z.boolean(),
  user_inactivity_cashier_time: z.number().int(),
  user_inactivity_pp_time: z.number().int(),
});
export type GeneralInfo = z.infer<typeof GeneralInfo>;

export const LinkTag = z.object({
  rel: z.string(),
  href: z.string(),
  sizes: z.string().optional(),
  type: z.string().optional(),
  color: z.string().optional(),
});

export const SiteMetadata = z.object({
  siteName: z.string(),
  logo: z.object({ src: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() }),
  themes: z.array(z.string()).min(1),
  defaultTheme: z.string(),
  themeColor: z.string(),
  favicons: z.array(LinkTag),
  manifest: z.object({
    name: z.string(),
    short_name: z.string(),
    background_color: z.string(),
    theme_color: z.string(),
    display: z.string(),
    icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string().optional() })),
  }),
  platformType: z.enum(["default", "PWA", "webViewApp"]),
});
export type SiteMetadata = z.infer<typeof SiteMetadata>;

export const BannerDisplay = z.object({
  label: z.string(),
  value: z.string(),
  addition: z.string(),
  banner_type: z.enum(["normal", "compact"]),
  image: z.string(),
  image_mobile: z.string(),
});

/**
 * The significant terms of the incentive a banner or popup advertises (issue 40, decision 0086),
 * shown beside its button at first presentation (UKGC, AGCO): the wagering as the reader's market
 * holds it (multiple, base, days), the least deposit, the most a bet and a cash-out may be, the
 * days free spins last. Null when it claims no bonus, offer or free spins.
 */
export const ClaimTerms = z.object({
  wager_multiplier: z.number().int().nullable(),
  wager_base: z.enum(["bonus", "deposit_bonus"]).nullable(),
  wagering_days: z.number().int().nullable(),
  min_deposit: Money.nullable(),
  max_bet: Money.nullable(),
  max_cashout: Money.nullable(),
  spins_days: z.number().int().nullable(),
});
export type ClaimTerms = z.infer<typeof ClaimTerms>;

export const Banner = z.object({
  id: z.number().int(),
  finished_at: z.number().int().nullable(),
  terms: ClaimTerms.nullable(),
  description: z.object({
    position: z.string(),
    title: z.string(),
    subtitle: z.string(),
    buttonTitle: z.string(),
    link: z.string(),
    /** The promotions detail popup's text (HTML); empty for other banners. */
    content: z.string(),
  }),
  display: BannerDisplay,
});
export type Banner = z.infer<typeof Banner>;

/** `banners.get` `fields`: which of a banner's parts it answers (both when absent); id, finished_at and terms always. */
export const BANNER_FIELDS = ["description", "display"] as const;
/** A banner as banners.get lists it: the parts `fields` left out are absent. */
export const BannerListed = Banner.partial({ description: true, display: true });
export type BannerListed = z.infer<typeof BannerListed>;
/** The listed banners with both parts (every one, when `fields` was left out). */
export const completeBanners = (list: { items: BannerListed[] }): Banner[] => list.items.filter((b): b is Banner => !!b.description && !!b.display);

export const Popup = z.object({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  content: z.string(),
  image: z.string(),
  buttonTitle: z.string(),
  buttonLink: z.string(),
  /** The event (events.handle) whose players see it after login; null: shown only when named. */
  audience_event: z.string().nullable(),
  terms: ClaimTerms.nullable(),
});
export type Popup = z.infer<typeof Popup>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number().int() });
}

/* ----- Accounts: sign-in, registration, profile, two-factor (SPEC §3, §5) ----- */

/** A text field the form may leave out; a missing one reads "Field is required" where required. */
const text = (what = "Field") => z.string({ error: (i) => (i.input === undefined ? `${what} is required` : `${what} must be text`) });
/** An optional form value: empty is accepted (the form left it blank), anything else must match. */
const blankOr = (pattern: string, message: string, max: number) =>
  text()
    .trim()
    .max(max, `Max length is ${max}`)
    .regex(new RegExp(`^(?:${pattern})?$`, "u"), message)
    .optional();

const EMAIL = String.raw`[^\s@]+@[^\s@.]+(?:\.[^\s@.]+){1,2}`;
const PHONE = String.raw`\+?\d{7,15}`;
/** At most `max` characters, then the validation library's rule (one set of rules, SPEC §5). */
const limited = <S extends z.ZodType<string, string>>(max: number, rule: S) => z.string().max(max, `Max length is ${max}`).pipe(rule);
/**
 * The account rules of the platform: the validation library's builders (core/validation),
 * which the registration form and the /auth action use too, plus the wire's own limits.
 */
export const AccountRules = {
  login: text("Login")
    .trim()
    .transform((v) => v.replace(/^\+/, ""))
    .pipe(
      z
        .string()
        .max(100, "Max length is 100")
        .regex(/^(?:\S{3,})?$/, "Login must be at least 3 characters, without spaces"),
    ),
  password: fields.password(),
  /** Checked by the handler, so its answer is exactly 'the code must contain 6 digits'. */
  code: text("Code").max(64, "the code must contain 6 digits"),
  email: limited(254, fields.email()),
  firstName: limited(50, fields.firstName({ isRequired: false }).unwrap()).optional(),
  lastName: limited(50, fields.lastName({ isRequired: false }).unwrap()).optional(),
  place: limited(100, fields.address({ isRequired: false }).unwrap()).optional(),
  address: limited(200, fields.address({ isRequired: false }).unwrap()).optional(),
  // Postcodes differ by country ("SW1A 1AA", "12345-6789"): the handler checks the country's pattern.
  postcode: blankOr("[A-Za-z0-9 -]+", "Wrong postcode", 10),
  fakename: limited(40, fields.fakename({ min: 4, max: 20 })),
  /** YYYY-MM-DD or DD.MM.YYYY; the handler checks the age. */
  birthDate: limited(10, fields.date({ isRequired: false }).unwrap()).optional(),
  sex: z.enum(["0", "1", "2"], { error: "sex must be 0, 1 or 2" }),
  countryCode: blankOr("[A-Z]{2}", "country_code must be a two-letter country code", 2),
  currency: blankOr("[A-Z]{3}", "currency must be a three-letter currency code", 3),
  documentType: blankOr("[A-Za-z0-9_]+", "Wrong document type", 30),
  /**
   * Identity documents differ by country: the handler checks the country's document type pattern,
   * or SPEC §5's default (six digits, three dots, four digits; a Luhn-valid number; 'new').
   */
  documentNumber: blankOr("[A-Za-z0-9./ -]+", "Wrong document number", 30),
  cpf: blankOr(String.raw`\d{3}\.?\d{3}\.?\d{3}-?\d{2}`, "Wrong CPF", 14),
  flag: z.enum(["1", "0"], { error: "must be '1' or '0'" }),
};

/** Sign-in and two-factor payloads (SPEC §3): the code is left out on the first attempt and on resend. */
export const SignInPayload = z.object({
  login: text("Login").trim().min(1, "Field is required").max(254, "Max length is 254"),
  password: text("Password").min(1, "Field is required").max(128, "Max length is 128"),
  code: AccountRules.code.optional(),
});

/**
 * Registration values (SPEC §3). `mobile` arrives as `phone`; `hasPromocode` is local to the form.
 * Which of login/email and password are required depends on the caller, so auth.register checks
 * it: a new account needs a login or an email and a password; a signed-in social account
 * completing its registration needs neither (an email only when it has none). With `is_tg=1` the
 * messenger-app fields (SPEC §7) sign in instead, and the other values are ignored.
 */
export const RegistrationValues = z
  .object({
    login: AccountRules.login.optional(),
    email: blankOr(EMAIL, "Wrong email address", 254),
    password: AccountRules.password.optional(),
    locale: blankOr("[a-z]{2}(?:-[A-Z]{2})?", "locale must look like 'en' or 'pt-BR'", 5),
    currency: AccountRules.currency,
    phone: blankOr(PHONE, "Wrong phone number", 16),
    phone_country_code: AccountRules.countryCode,
    country_code: AccountRules.countryCode,
    region: AccountRules.place,
    document_type: AccountRules.documentType,
    document_number: AccountRules.documentNumber,
    first_name: AccountRules.firstName,
    middle_name: AccountRules.firstName,
    last_name: AccountRules.lastName,
    birth_date: AccountRules.birthDate,
    sex: AccountRules.sex.optional(),
    postcode: AccountRules.postcode,
    home_town: AccountRules.place,
    address: AccountRules.address,
    fakename: blankOr(String.raw`[\p{L}\p{N}]{4,20}`, "Wrong fake name: 4 to 20 letters or digits", 20),
    promo_code: text().trim().max(50, "Max length is 50").optional(),
    hasPromocode: z.never({ error: "hasPromocode belongs to the form and is never sent" }).optional(),
    terms: z.enum(["1", "true", "on"], { error: "Please accept the terms" }).optional(),
    notify: AccountRules.flag.optional(),
    is_betting: AccountRules.flag.optional(),
    character_id: z.coerce.number({ error: "character_id must be a number" }).int("character_id must be a whole number").min(1).max(1_000_000).optional(),
    /** Messenger-app sign-in: '1' with the Telegram user id, username, hash, language and raw initData. */
    is_tg: AccountRules.flag.optional(),
    id: text()
      .regex(/^\d{1,20}$/, "id must be a messenger user id")
      .optional(),
    username: text().max(64, "Max length is 64").regex(/^\w*$/, "username may hold letters, digits and '_' only").optional(),
    hash: text()
      .regex(/^[0-9a-f]{64}$/, "hash must be 64 lowercase hex digits")
      .optional(),
    language_code: blankOr("[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*", "language_code must be a language tag", 35),
    payload: text().min(1, "Field is required").max(4096, "Max length is 4096").optional(),
  })
  // Messenger sign-in needs its id, hash and signed payload; reported with the other field errors.
  .refine((v) => v?.is_tg !== "1" || Boolean(v?.id), { path: ["id"], message: "Field is required", when: () => true })
  .refine((v) => v?.is_tg !== "1" || Boolean(v?.hash), { path: ["hash"], message: "Field is required", when: () => true })
  .refine((v) => v?.is_tg !== "1" || Boolean(v?.payload), { path: ["payload"], message: "Field is required", when: () => true });

export const ProfileDocument = z.object({ type: z.string(), number: z.string(), cpf: z.string() });

/** Profile (SPEC §3); `document` and `contacts` come when asked for in `fields` (or always without it). */
export const Profile = z.object({
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  sex: z.number().int(),
  birth_date: z.string().nullable(),
  country: z.string(),
  country_code: z.string(),
  region: z.string(),
  home_town: z.string(),
  address: z.string(),
  postcode: z.string(),
  document: ProfileDocument.optional(),
  contacts: z.array(Contact).optional(),
  /** With `contacts`: a new value for a confirmed contact, waiting for its code (it replaces that contact once confirmed). */
  pending_contacts: z.array(Contact).optional(),
});
export type Profile = z.infer<typeof Profile>;

export { IDENTITY_FIELDS } from "./identity-fields";

/** Profile values account.saveProfileInfo takes; a field left out is kept, an empty one is cleared. */
export const ProfileValues = z.object({
  first_name: AccountRules.firstName,
  middle_name: AccountRules.firstName,
  last_name: AccountRules.lastName,
  sex: AccountRules.sex.optional(),
  birth_date: AccountRules.birthDate,
  country_code: AccountRules.countryCode,
  region: AccountRules.place,
  home_town: AccountRules.place,
  address: AccountRules.address,
  postcode: AccountRules.postcode,
  document_type: AccountRules.documentType,
  document_number: AccountRules.documentNumber,
  cpf: AccountRules.cpf,
});

/** What enabling two-factor answers: the base32 secret and the URI an authenticator app reads. */
export const TwoFactorSetup = z.object({ secret: z.string(), uri: z.string() });

/** A signed, short-lived token for the realtime connection. */
export const RealtimeToken = z.object({ token: z.string(), expires_at: z.number().int() });
