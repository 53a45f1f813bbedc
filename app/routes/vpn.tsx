import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/vpn";
import { useRevalidateOn } from "../features/realtime/use-revalidate-on";
import { useT } from "../lib/i18n/use-t";
import { VpnConfirm, VpnPlanCard, VpnSubscriptionCard } from "../features/vpn/vpn-parts";
import { loadVpn, vpnAction, type VpnActionData } from "../features/vpn/vpn.server";
import { VPN_EVENTS } from "../../core/api/realtime-events";

export const loader = (args: Route.LoaderArgs) => loadVpn(args);
export const action = (args: Route.ActionArgs) => vpnAction(args);

/**
 * `/vpn` (SPEC §2; issue 24, decision 0053): the plans, the purchase's confirmation (from
 * `?buy=`, or from a refused purchase), the player's subscription with its auto-renewal switch.
 * Every form posts to the page's action, so all of it works without JavaScript; with it the page
 * re-reads itself when the realtime channel tells of a change (a renewal, an end).
 */
export default function Vpn({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  useRevalidateOn(...VPN_EVENTS);
  const { plans, subscription, signInPath, depositPath } = loaderData;
  const answer = actionData as VpnActionData;
  const refused = answer && "planId" in answer ? answer : null;
  const confirmPlan = refused ? plans.find((p) => p.id === refused.planId) : loaderData.confirm?.plan;
  return (
    <section className="responsible vpn">
      <h1>{t("vpn.title")}</h1>
      <p>{t("vpn.intro")}</p>
      {subscription && (
        <VpnSubscriptionCard subscription={subscription} busy={busy} errors={answer && "autoErrors" in answer ? answer.autoErrors : undefined} />
      )}
      {confirmPlan && (
        <VpnConfirm
          plan={confirmPlan}
          keyValue={refused?.key ?? loaderData.confirm?.key ?? ""}
          autoRenewal={refused?.autoRenewal ?? false}
          errors={refused?.formErrors}
          depositPath={refused?.deposit ? depositPath : null}
          busy={busy}
        />
      )}
      <section className="responsible__card" aria-labelledby="vpn-plans" data-testid="vpn-plans">
        <h2 id="vpn-plans">{t("vpn.plansTitle")}</h2>
        {signInPath && (
          <p>
            <Link to={signInPath}>{t("vpn.signIn")}</Link>
          </p>
        )}
        <div className="vpn__plans">
          {plans.map((p) => (
            <VpnPlanCard key={p.id} plan={p} canBuy={!signInPath} />
          ))}
        </div>
      </section>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [{ title: "VPN" }];
