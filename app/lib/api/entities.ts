import { z } from "zod";

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
export const MessageBundle: z.ZodType<MessageBundle> = z.record(
  z.string(),
  z.union([z.string(), z.lazy(() => MessageBundle)]),
);

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
  locale: z.string(),
  two_factor_auth: z.boolean(),
  email: Contact.nullable(),
  mobile: Contact.nullable(),
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

export const Banner = z.object({
  id: z.number().int(),
  finished_at: z.number().int().nullable(),
  description: z.object({
    position: z.string(),
    title: z.string(),
    subtitle: z.string(),
    buttonTitle: z.string(),
    link: z.string(),
  }),
  display: BannerDisplay,
});
export type Banner = z.infer<typeof Banner>;

export const Popup = z.object({
  id: z.number().int(),
  sysname: z.string(),
  title: z.string(),
  content: z.string(),
  image: z.string(),
  buttonTitle: z.string(),
  buttonLink: z.string(),
});
export type Popup = z.infer<typeof Popup>;

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), count: z.number().int() });
}
