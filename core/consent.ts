/** The consent cookie (decision 0057): `yes` or `no`, set by the banner's form (POST /consent). */
export const CONSENT_COOKIE = "pf_consent";
export const CONSENT_PATH = "/consent";
/**
 * Outside production, the demo analytics page (`/platform/demo/analytics`) can make this browser
 * see the site as one that requires consent and/or has SEON on (`consent`, `seon`, comma-separated),
 * without changing the site for anyone else. Production ignores it.
 */
export const DEMO_ANALYTICS_COOKIE = "pf_demo_analytics";
export function demoOverrides(cookie: string | undefined): { consent: boolean; seon: boolean } {
  const set = new Set((cookie ?? "").split(","));
  return { consent: set.has("consent"), seon: set.has("seon") };
}
