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

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx"),
    route(":slug", "routes/page.tsx", { id: "page" }),
    route(":locale/:slug", "routes/page.tsx", { id: "page.localized" }),
    ...localized("unsubscribe", "routes/unsubscribe.tsx"),
    ...localized("confirmation", "routes/confirmation.tsx"),
    ...localized("confirmation/success", "routes/confirmation.success.tsx"),
    route("*", "routes/catchall.tsx"),
  ]),
  layout("layouts/empty.tsx", [
    ...localized("forms/sign_in", "routes/forms.sign-in.tsx"),
    ...localized("forms/sign_up", "routes/forms.sign-up.tsx"),
  ]),
  layout("layouts/svg-sprite.tsx", [route("_icons", "routes/icons.tsx")]),
  route("resources/theme", "routes/resources.theme.ts"),
  route("auth", "routes/auth.ts"),
  route("auth/social", "routes/auth.social.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
