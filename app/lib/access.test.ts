import { describe, expect, it } from "vitest";
import { documentPath, loginRedirect, requiresPlayer, rootRedirect } from "./access";

describe("access rules", () => {
  it("protects the sections bets, cashier, profile (the player's own loyalty too), responsible-game and offers", () => {
    for (const p of [
      "/bets",
      "/bets/history",
      "/cashier",
      "/cashier/deposit/visa",
      "/profile",
      "/profile/settings",
      "/responsible-game",
      "/offers/3",
      "/profile/loyalty",
    ]) {
      expect(requiresPlayer(p)).toBe(true);
    }
    // An unknown locale prefix (`/xx/offers`) names no section: it answers 404, not a sign-in.
    for (const p of ["/", "/about", "/gamehall", "/responsible-gaming", "/cashiers-guide", "/betsy", "/xx/offers", "/x/cashier"]) {
      expect(requiresPlayer(p)).toBe(false);
    }
    // The loyalty programme and its shop are public (decision 0100): buying asks to sign in.
    for (const p of ["/loyalty", "/loyalty/shop", "/loyalty/club"]) {
      expect(requiresPlayer(p)).toBe(false);
    }
  });
  it("sends a visitor to the index with the encoded full path", () => {
    expect(loginRedirect("/", "/cashier/deposit?x=1")).toBe("/?show_popup_auth=1&redirectUrl=%2Fcashier%2Fdeposit%3Fx%3D1");
    expect(loginRedirect("/es", "/es/profile")).toBe("/es?show_popup_auth=1&redirectUrl=%2Fes%2Fprofile");
  });
  it("comes back to the document, not to the data request of a client navigation", () => {
    expect(loginRedirect("/", "/profile/responsible-game.data?_routes=root%2Cx")).toBe("/?show_popup_auth=1&redirectUrl=%2Fprofile%2Fresponsible-game");
    expect(loginRedirect("/", "/cashier/history.data?type=deposit&_routes=r")).toBe("/?show_popup_auth=1&redirectUrl=%2Fcashier%2Fhistory%3Ftype%3Ddeposit");
    expect(loginRedirect("/", "/_root.data")).toBe("/?show_popup_auth=1&redirectUrl=%2F");
  });
  it("sends the bets and profile roots to pages that exist", () => {
    expect(rootRedirect("/bets")).toBe("/profile/bets/history");
    expect(rootRedirect("/bets/history")).toBe("/profile/bets/history");
    expect(rootRedirect("/profile/")).toBe("/profile/settings");
    expect(rootRedirect("/profile/favorites")).toBeUndefined();
    expect(rootRedirect("/profile/bets")).toBe("/profile/bets/history");
    expect(rootRedirect("/bets/123/anything")).toBe("/profile/bets/history");
    expect(rootRedirect("/profile/bets/history")).toBeUndefined();
  });
});

describe("documentPath", () => {
  it("turns a client navigation's data request back into the page's address", () => {
    expect(documentPath("/game/golden_phoenix.data?show_popup_reg=1&_routes=root%2Croutes%2Fgame")).toBe("/game/golden_phoenix?show_popup_reg=1");
    expect(documentPath("/_root.data?show_popup_auth=1")).toBe("/?show_popup_auth=1");
    // React Router 8 asks for the index's data at /_.data (a campaign popup's × linked to "/_").
    expect(documentPath("/_.data?popup_seen=weekend-reload")).toBe("/?popup_seen=weekend-reload");
    expect(documentPath("/es/about.data")).toBe("/es/about");
    expect(documentPath("/gamehall?category=slots")).toBe("/gamehall?category=slots");
  });
});
