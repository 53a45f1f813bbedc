import { completeBanners } from "../../../core/api/entities";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { SidebarBanner } from "../../../core/api/cms";
import { getSite } from "../site/site.server";

/**
 * The sidebar promo banner (SPEC §2, §3; image 336×180, title, subtitle, button) from the
 * platform: the first banner of the `sidebar` position in the page's locale (banners.get, image
 * already remapped by the configured key). null (the content configuration's banner) when there
 * is none or the call fails. Kept per isolate with the site data (`Site.sidebarBanners`).
 */
export async function sidebarBanner(context: Readonly<RouterContextProvider>): Promise<z.infer<typeof SidebarBanner> | null> {
  const list = await getSite(context)
    .sidebarBanners()
    .catch((e: unknown) => {
      console.error("sidebar banner: failed to load", e);
      return null;
    });
  const b = list && completeBanners(list)[0];
  if (!b) return null;
  return { image: b.display.image, title: b.description.title, subtitle: b.description.subtitle, buttonTitle: b.description.buttonTitle, terms: b.terms };
}
