import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { badgeText } from "./badge";
import { MenuBadge, visibleItems } from "./menu-groups";

describe("sidebar rules", () => {
  it("caps badges at 9+", () => {
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(0)).toBeNull();
    expect(badgeText(3)).toBe("3");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
    expect(badgeText(250)).toBe("9+");
  });
  it("hides onlyAuth items from guests, in submenus too", () => {
    const items = [
      { name: "Home", link: "/" },
      { name: "Offers", link: "/offers", onlyAuth: true },
      {
        name: "More",
        link: "/more",
        submenu: [
          { name: "Bets", link: "/bets", onlyAuth: true },
          { name: "FAQ", link: "/faq" },
        ],
      },
    ];
    expect(visibleItems(items, false).map((i) => i.name)).toEqual(["Home", "More"]);
    expect(visibleItems(items, false)[1]!.submenu!.map((i) => i.name)).toEqual(["FAQ"]);
    expect(visibleItems(items, true).map((i) => i.name)).toEqual(["Home", "Offers", "More"]);
  });
});

describe("menu badge", () => {
  it("is announced as it is shown: '9+' for 12, with no other label", () => {
    const html = renderToStaticMarkup(createElement(MenuBadge, { count: 12 }));
    expect(html).toBe('<span class="badge">9+</span>');
    expect(renderToStaticMarkup(createElement(MenuBadge, { count: 0 }))).toBe("");
  });
});
