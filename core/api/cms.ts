import { z } from "zod";
import { ClaimTerms } from "./entities";

/** Content-management entities: the per-locale site configuration, redirects and content pages. */

export type MenuLink = {
  name: string;
  link: string;
  icon?: string;
  image?: string;
  target?: "_self" | "_blank";
  rel?: string;
  badge?: number;
  postfixIcon?: string;
  onlyAuth?: boolean;
  external?: boolean;
  submenu?: MenuLink[];
};
export const MenuLink: z.ZodType<MenuLink> = z.object({
  name: z.string(),
  link: z.string(),
  icon: z.string().optional(),
  image: z.string().optional(),
  target: z.enum(["_self", "_blank"]).optional(),
  rel: z.string().optional(),
  badge: z.number().int().nonnegative().optional(),
  postfixIcon: z.string().optional(),
  onlyAuth: z.boolean().optional(),
  external: z.boolean().optional(),
  get submenu() {
    return z.array(MenuLink).optional();
  },
});

export const MenuGroup = z.object({ group: z.string(), title: z.string(), items: z.array(MenuLink) });
export type MenuGroup = z.infer<typeof MenuGroup>;

export const Seo = z.object({
  title: z.string(),
  description: z.string(),
  robots: z.string().optional(),
  openGraph: z.record(z.string(), z.string()).optional(),
  meta: z.array(z.object({ name: z.string(), content: z.string() })).optional(),
  schemaFaq: z.array(z.object({ question: z.string(), answer: z.string() })).optional(),
  schemaArticle: z.boolean().optional(),
  organization: z.object({ name: z.string(), url: z.string(), logo: z.string() }).optional(),
  breadCrumbs: z.array(z.object({ name: z.string(), link: z.string() })).optional(),
  /** schema.org Product of a page that sells something (a VPN plan, a shop item): name, and what it costs. */
  product: z
    .object({
      name: z.string(),
      description: z.string().optional(),
      image: z.string().optional(),
      brand: z.string().optional(),
      offers: z.array(z.object({ name: z.string().optional(), price: z.string(), priceCurrency: z.string() })).optional(),
    })
    .optional(),
});
export type Seo = z.infer<typeof Seo>;

/**
 * SEO templates (SPEC §2): the title and description of a kind of page, with `{placeholders}`
 * filled from the item shown (a game's `{title}`, `{provider}`, `{rtp}`; a jackpot's `{name}`, `{amount}`;
 * a tournament's and its gamehall's `{title}`, `{prize}`, `{participants}`).
 */
export const SeoTemplate = z.object({ title: z.string(), description: z.string() });
export type SeoTemplate = z.infer<typeof SeoTemplate>;

export const CustomCode = z.object({
  isEnabled: z.boolean(),
  position: z.enum(["head", "bodyStart", "bodyEnd"]),
  code: z.string(),
});
export type CustomCode = z.infer<typeof CustomCode>;

export const SidebarBanner = z.object({
  image: z.string(),
  title: z.string(),
  subtitle: z.string(),
  buttonTitle: z.string(),
  /** From the operator's banner (banners.get): its incentive's significant terms (decision 0086); the configuration's has none. */
  terms: ClaimTerms.nullable().optional(),
});

export const BalanceRefresh = z.object({
  isEnabledInterval: z.boolean(),
  countSecondsForInterval: z.number().int().positive(),
  isEnabledRequestsAfterClick: z.boolean(),
  countSecondsForDelayBetweenClick: z.number().int().nonnegative(),
  isEnabledTurnOffRequests: z.boolean(),
  countMinutesAfterWhichRequestsTurnedOff: z.number().int().positive(),
});

const Toggle = z.object({ isActive: z.boolean(), defaultValue: z.boolean() });

export const AuthConfig = z.object({
  registrationOptions: z.object({
    confirmEmailPopup: z.boolean(),
    showCharacterSelect: z.boolean(),
    showPromocode: z.boolean(),
    showPromoFieldByDefault: z.boolean(),
    terms: Toggle,
    notify: Toggle,
    markBetting: z.object({ isActive: z.boolean(), default: z.enum(["betting", "casino"]) }),
  }),
  authTypes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      type: z.enum(["social", "fast", "full", "form"]),
      field: z.string().optional(),
      social: z.array(z.object({ id: z.string(), name: z.string(), icon: z.string() })).optional(),
    }),
  ),
});

export const FunctionalSwitches = z.object({
  twoFactorAuth: z.boolean(),
  identityVerification: z.boolean(),
  responsibleGaming: z.boolean(),
  betHistory: z.boolean(),
  bettingNotice: z.boolean(),
  clickableTitle: z.boolean(),
  vpnPage: z.boolean(),
});

export const CmsConfig = z.object({
  locale: z.string(),
  menus: z.object({ sidebar: z.array(MenuGroup), footer: z.array(MenuGroup) }),
  sidebarBanner: SidebarBanner,
  seo: z.object({
    default: Seo,
    home: Seo,
    templates: z
      .object({
        game: SeoTemplate.optional(),
        /** A deposit method's page: {method}, {min}, {max}. */
        deposit: SeoTemplate.optional(),
        jackpot: SeoTemplate.optional(),
        offer: SeoTemplate.optional(),
        tournament: SeoTemplate.optional(),
        tournament_gamehall: SeoTemplate.optional(),
      })
      .default({}),
  }),
  customCode: z.array(CustomCode),
  switches: FunctionalSwitches,
  balanceRefresh: BalanceRefresh,
  auth: AuthConfig,
  footer: z.object({ copyright: z.string(), disclaimer: z.string(), ageLimit: z.number().int() }),
  home: z.object({
    heroTitle: z.string(),
    heroText: z.string(),
    sections: z.array(z.object({ title: z.string(), text: z.string(), link: z.string(), linkTitle: z.string() })),
    /** Rows of games on the home page: a category's games (or the whole catalogue) in an order. */
    gameSections: z
      .array(
        z.object({
          title: z.string(),
          category: z.string().optional(),
          sort: z.enum(["popular", "new", "name", "rtp"]).optional(),
          count: z.number().int().min(1).max(24).default(12),
        }),
      )
      .max(6)
      .default([]),
  }),
});
export type CmsConfig = z.infer<typeof CmsConfig>;

export const Redirect = z.object({
  from_url: z.string(),
  to_url: z.string(),
  external: z.boolean(),
  status: z.union([z.literal(301), z.literal(302)]),
});
export type Redirect = z.infer<typeof Redirect>;

export const ContentPage = z.object({
  slug: z.string(),
  locale: z.string(),
  title: z.string(),
  content: z.string(),
  updated_at: z.number().int(),
  seo: Seo,
});
export type ContentPage = z.infer<typeof ContentPage>;

export const ContentPageSummary = ContentPage.pick({ slug: true, title: true, updated_at: true });
