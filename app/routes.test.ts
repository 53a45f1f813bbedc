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
      ["/gamehall", "gamehall"],
      ["/gamehall/slots", "gamehall.$id"],
      ["/providers", "providers"],
    ]) {
      expect(leaf(path!)?.at(-1)).toBe(id);
      expect(leaf(`/pt${path}`)?.at(-1)).toBe(`${id}.localized`);
    }
  });

  it("puts the embeddable forms in the empty layout and /_icons in the sprite layout", () => {
    expect(leaf("/forms/sign_in")).toEqual(["layouts/empty.tsx", "forms.sign-in"]);
    expect(leaf("/ar/forms/sign_up")).toEqual(["layouts/empty.tsx", "forms.sign-up.localized"]);
    expect(leaf("/_icons")).toEqual(["layouts/svg-sprite.tsx", "icons"]);
    expect(leaf("/es/_icons")).toEqual(["layouts/svg-sprite.tsx", "icons.localized"]);
  });

  it("sends every other path to the catch-all inside the default layout", () => {
    for (const p of ["/cashier/deposit/visa/more", "/es/profile/settings/more", "/a/b/c"]) {
      expect(leaf(p)).toEqual(["layouts/default.tsx", "routes/catchall.tsx"]);
    }
  });

  it("lets two-segment paths reach the localized slug route, whose layout checks the locale", () => {
    // The default layout answers 404 when the first segment is not a locale.
    expect(leaf("/promotions/summer")).toEqual(["layouts/default.tsx", "page.localized"]);
  });

  it("nests the cashier pages under the cashier layout, plain and localized", () => {
    expect(leaf("/cashier")).toEqual(["layouts/default.tsx", "cashier", "cashier.index"]);
    expect(leaf("/cashier/deposit")?.slice(1)).toEqual(["cashier", "cashier.deposit"]);
    expect(leaf("/es/cashier/deposit/demo_card")?.slice(1)).toEqual(["cashier.localized", "cashier.deposit-method.localized"]);
    expect(leaf("/cashier/paysuccess/tx-12345678")?.at(-1)).toBe("cashier.paysuccess");
    expect(leaf("/cashier/paysuccess")?.at(-1)).toBe("cashier.paysuccess");
    expect(leaf("/ar/cashier/paycancel")?.at(-1)).toBe("cashier.paycancel.localized");
    expect(leaf("/profile/responsible-game")?.at(-1)).toBe("profile.responsible-game");
  });
});
