import type { MenuGroup } from "../../../core/api/cms";

/** The sidebar without its VPN entry while the site's VPN switch is off (SPEC §3; /vpn is a 404 then). */
export function withVpnSwitch(groups: MenuGroup[], vpnPage: boolean): MenuGroup[] {
  if (vpnPage) return groups;
  return groups.map((g) => ({ ...g, items: g.items.filter((i) => i.link !== "/vpn") }));
}
