import type { CmsConfig } from "../../../core/api/cms";
import type { Site } from "../site/site.server";

/**
 * The locales a page switched per locale exists in (the VPN page: `switches.vpnPage` of each
 * locale's content configuration), for its hreflang links and the sitemap to name only those: a
 * language version that answers 404 is no alternate. A locale whose configuration fails to load counts as off.
 */
export async function localesWhere(site: Site, on: (cms: CmsConfig) => boolean): Promise<string[]> {
  const codes = site.locales.locales.map((l) => l.code);
  const shown = await Promise.all(codes.map((code) => site.cmsIn(code).then(on, () => false)));
  return codes.filter((_, i) => shown[i]);
}
