import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./routes";

function toObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) =>
    e.index
      ? ({ id: e.id ?? e.file, index: true } as RouteObject)
      : ({ id: e.id ?? e.file, path: e.path, children: e.children ? toObjects(e.children) : undefined } as RouteObject),
  );
}

const tree = toObjects(routes as RouteConfigEntry[]);
const leaf = (path: string) => {
  const m = matchRoutes(tree, path);
  return m ? m.map((x) => x.route.id) : null;
};

describe("route table", () => {
  it("serves home unprefixed and every locale home through the slug route", () => {
    expect(leaf("/")).toEqual(["layouts/default.tsx", "routes/home.tsx"]);
    expect(leaf("/es")?.at(-1)).toBe("page");
  });

  it("treats an unknown single segment as a content page slug", () => {
    expect(leaf("/about")?.at(-1)).toBe("page");
    expect(leaf("/es/about")?.at(-1)).toBe("page.localized");
  });

  it("has every page plain and /:locale-prefixed", () => {
    for (const [path, id] of [
      ["/unsubscribe", "unsubscribe"],
      ["/confirmation", "confirmation"],
      ["/confirmation/success", "confirmation.success"],
    ]) {
      expect(leaf(path!)?.at(-1)).toBe(id);
      expect(leaf(`/pt${path}`)?.at(-1)).toBe(`${id}.localized`);
    }
  });

  it("puts the embeddable forms in the empty layout and /_icons in the sprite layout", () => {
    expect(leaf("/forms/sign_in")).toEqual(["layouts/empty.tsx", "forms.sign-in"]);
    expect(leaf("/ar/forms/sign_up")).toEqual(["layouts/empty.tsx", "forms.sign-up.localized"]);
    expect(leaf("/_icons")).toEqual(["layouts/svg-sprite.tsx", "routes/icons.tsx"]);
  });

  it("sends every other path to the catch-all inside the default layout", () => {
    for (const p of ["/cashier/deposit/visa", "/es/profile/settings", "/a/b/c"]) {
      expect(leaf(p)).toEqual(["layouts/default.tsx", "routes/catchall.tsx"]);
    }
  });

  it("lets two-segment paths reach the localized slug route, whose layout checks the locale", () => {
    // /cashier/deposit never renders there: the site middleware redirects visitors first, and
    // the default layout answers 404 when the first segment is not a locale.
    expect(leaf("/cashier/deposit")).toEqual(["layouts/default.tsx", "page.localized"]);
  });
});
