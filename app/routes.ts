import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * Every page exists plain (default locale) and under `/:locale` (SPEC §2). A single unknown
 * segment is a content page slug; `/{locale}` alone is that locale's home, served by the slug
 * route. Anything unmatched falls to the catch-all, which applies access rules and answers 404.
 */
function localized(path: string, file: string): RouteConfigEntry[] {
  const id = file.replace(/^routes\//, "").replace(/\.tsx?$/, "");
  return [route(path, file, { id }), route(`:locale/${path}`, file, { id: `${id}.localized` })];
}

/**
 * A section with child pages, plain and under `/:locale`: the layout route and every child get
 * ids of their own in both trees. A child path of `null` is the section's index.
 */
function localizedSection(path: string, file: string, children: Array<[string | null, string, string?]>): RouteConfigEntry[] {
  const id = file.replace(/^routes\//, "").replace(/\.tsx?$/, "");
  const tree = (prefix: string, suffix: string) =>
    route(
      `${prefix}${path}`,
      file,
      { id: `${id}${suffix}` },
      children.map(([childPath, childFile, childId]) => {
        const cid = `${id}.${childId ?? childPath ?? "index"}${suffix}`;
        return childPath === null ? index(childFile, { id: cid }) : route(childPath, childFile, { id: cid });
      }),
    );
  return [tree("", ""), tree(":locale/", ".localized")];
}

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route(":slug", "routes/page.tsx", { id: "page" }),
    route(":locale/:slug", "routes/page.tsx", { id: "page.localized" }),
    ...localized("unsubscribe", "routes/unsubscribe.tsx"),
    ...localized("confirmation", "routes/confirmation.tsx"),
    ...localized("confirmation/success", "routes/confirmation.success.tsx"),
    ...localizedSection("cashier", "routes/cashier.tsx", [
      [null, "routes/cashier._index.tsx"],
      ["wallet", "routes/cashier.wallet.tsx"],
      ["billing", "routes/cashier.billing.tsx"],
      ["deposit", "routes/cashier.deposit.tsx"],
      ["deposit/:sysname", "routes/cashier.deposit.$sysname.tsx", "deposit-method"],
      ["history", "routes/cashier.history.tsx"],
      ["withdraw", "routes/cashier.withdraw.tsx"],
      ["receipt", "routes/cashier.receipt.tsx"],
      ["paysuccess/:transaction?", "routes/cashier.pay.tsx", "paysuccess"],
      ["paypending/:transaction?", "routes/cashier.pay.tsx", "paypending"],
      ["payfail/:transaction?", "routes/cashier.pay.tsx", "payfail"],
      ["paycancel", "routes/cashier.pay.tsx", "paycancel"],
      ["paymobile", "routes/cashier.pay.tsx", "paymobile"],
      ["paynewwindow", "routes/cashier.pay.tsx", "paynewwindow"],
    ]),
    ...localized("responsible-game", "routes/responsible-game.tsx"),
    ...localized("profile/settings", "routes/profile.settings.tsx"),
    ...localized("profile/notification", "routes/profile.notification.tsx"),
    ...localized("profile/security", "routes/profile.security.tsx"),
    ...localized("profile/verification", "routes/profile.verification.tsx"),
    ...localized("profile/bonuses", "routes/profile.bonuses.tsx"),
    ...localized("profile/cashback", "routes/profile.cashback.tsx"),
    ...localized("profile/loyalty", "routes/profile.loyalty.tsx"),
    ...localized("loyalty", "routes/loyalty.tsx"),
    ...localized("loyalty/shop", "routes/loyalty.shop.tsx"),
    ...localized("loyalty/:sysname", "routes/loyalty.$sysname.tsx"),
    ...localized("profile/responsible-game", "routes/profile.responsible-game.tsx"),
    ...localized("gamehall", "routes/gamehall.tsx"),
    ...localized("gamehall/:id", "routes/gamehall.$id.tsx"),
    ...localized("providers", "routes/providers.tsx"),
    ...localized("game/:sysname", "routes/game.$sysname.tsx"),
    ...localized("jackpots", "routes/jackpots.tsx"),
    ...localized("jackpots/:id", "routes/jackpots.$id.tsx"),
    ...localized("tournaments", "routes/tournaments.tsx"),
    ...localized("tournaments/:id", "routes/tournaments.$id.tsx"),
    ...localized("tournaments/:id/gamehall", "routes/tournaments.$id.gamehall.tsx"),
    ...localized("winners", "routes/winners.tsx"),
    ...localized("wheel-of-fortune", "routes/wheel-of-fortune.tsx"),
    ...localized("offers", "routes/offers.tsx"),
    ...localized("offers/:id", "routes/offers.$id.tsx"),
    ...localized("promotions", "routes/promotions.tsx"),
    ...localized("profile/favorites", "routes/profile.favorites.tsx"),
    ...localized("betting", "routes/betting.tsx"),
    ...localized("offline", "routes/offline.ts"),
    ...localized("vpn", "routes/vpn.tsx"),
    ...localized("support", "routes/support.tsx"),
    ...localized("profile/bets/history", "routes/profile.bets.history.tsx"),
    ...localized("profile/bets/exports", "routes/profile.bets.exports.tsx"),
    route("*", "routes/catchall.tsx"),
  ]),
  layout("layouts/empty.tsx", [...localized("forms/sign_in", "routes/forms.sign-in.tsx"), ...localized("forms/sign_up", "routes/forms.sign-up.tsx")]),
  layout("layouts/svg-sprite.tsx", localized("_icons", "routes/icons.tsx")),
  route("resources/theme", "routes/resources.theme.ts"),
  // The page's locale prefix on the action too: messages, the new account's locale and where it lands.
  ...localized("auth", "routes/auth.ts"),
  route("auth/social", "routes/auth.social.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap" }),
  route("sitemaps/:part", "routes/sitemap.ts", { id: "sitemaps" }),
  route("favicon.ico", "routes/favicon.ts"),
] satisfies RouteConfig;
