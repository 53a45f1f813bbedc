import { Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import type { WheelCampaign, WheelSector, WheelSpin } from "../../../core/api/contract-wheel";
import { useRootData } from "../../shell/use-root-data";
import { useT } from "../../lib/i18n/use-t";
import { arcsOf, rotationFor } from "./geometry";
import { ErrorConfirm, preloadResultDialogs, SpinResultPopup } from "./lazy-result-dialogs";
import type { SpinActor } from "./spin-client";
import { canSpin, type SpinCampaign } from "./spin-rules";
import { WheelSvg } from "./wheel-svg";

type Shown = { value: string; busy: boolean; result: WheelSpin | null; error: string | null };

const spinCampaign = (c: WheelCampaign): SpinCampaign => ({ id: c.id, isSpinCost: c.is_spin_cost, spinBalance: c.spin_balance });

/**
 * The wheel and its spin button (SPEC §4). The button is a form post (intent spin, the loader's
 * idempotency key): without JavaScript the action redirects to the result (`?spin=<id>`). With
 * JavaScript the first touch of the button loads the spin machine (spin-client.ts); a submit then
 * spins in the page: the request, the wheel turning to the drawn sector, the result or the error
 * confirm; once shown, the page's data is read again (balances, spins, a new key).
 */
export function WheelStage(props: {
  campaign: WheelCampaign;
  sectors: WheelSector[];
  player: boolean;
  signIn: string;
  spinKey: string;
  action: string;
  landed: WheelSpin | null;
  buyHref: string;
  questsHref: string;
  close: string;
  verifyHref: (id: string) => string;
}) {
  const t = useT();
  const locale = useRootData()?.locale ?? "";
  const { campaign, sectors } = props;
  const arcs = useMemo(() => arcsOf(sectors.map((s) => s.chance_ppm)), [sectors]);
  const [rotation, setRotation] = useState(() => (props.landed ? rotationFor(0, arcs, props.landed.sector_index, 0) : 0));
  const [shown, setShown] = useState<Shown | null>(null);
  // Hydrated: a submit spins in the page from now on (the tests wait for it: before, the form posts).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const actor = useRef<SpinActor | null>(null);
  const revalidator = useRevalidator();
  const loading = useNavigation().state !== "idle" || revalidator.state !== "idle";
  const { revalidate } = revalidator;

  const load = async () => {
    void preloadResultDialogs().catch(() => undefined); // the result shows when the wheel stops
    if (!actor.current) {
      const { startSpinActor } = await import("./spin-client");
      actor.current ??= startSpinActor({ campaign: spinCampaign(campaign), key: props.spinKey, locale });
      actor.current.subscribe((s) =>
        setShown({ value: String(s.value), busy: s.hasTag("busy"), result: s.context.result?.spin ?? null, error: s.context.error }),
      );
    }
    return actor.current;
  };

  useEffect(() => {
    actor.current?.send({ type: "wheel.loaded", campaign: spinCampaign(campaign), loading, key: props.spinKey });
  }, [campaign, loading, props.spinKey]);
  useEffect(
    () => () => {
      actor.current?.stop();
    },
    [],
  );

  // A new result: turn to it (the machine's revealing state), or jump there under reduced motion.
  const result = shown?.result ?? null;
  useEffect(() => {
    if (result) setRotation((r) => rotationFor(r, arcs, result.sector_index));
  }, [result, arcs]);
  const done = shown?.value === "done" || shown?.value === "failed";
  useEffect(() => {
    if (done) revalidate();
  }, [done, revalidate]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (shown?.busy) return;
    void load().then((a) => a.send({ type: "wheel.spin" }));
  };
  const preload = () => void load();
  const close = () => actor.current?.send({ type: "wheel.close" });
  const allowed = canSpin(spinCampaign(campaign), campaign.is_spin_cost && loading);

  return (
    <div className="wheel__stage">
      <WheelSvg sectors={sectors} rotation={rotation} turning={shown?.value === "revealing"} onTurned={() => actor.current?.send({ type: "wheel.revealed" })} />
      <p className="wheel__balance" data-testid="wheel-spin-balance" data-spins={campaign.spin_balance}>
        {t("wheel.spinBalance", { spins: String(campaign.spin_balance) })}
      </p>
      {!props.player ? (
        <Link className="btn btn--primary wheel__spin" to={props.signIn}>
          {t("wheel.signInToSpin")}
        </Link>
      ) : campaign.is_spin_cost && campaign.spin_balance < 1 && !shown?.busy ? (
        <Link className="btn btn--primary wheel__spin" to={props.buyHref} preventScrollReset>
          {t("wheel.buy.title")}
        </Link>
      ) : (
        <Form method="post" action={props.action} onSubmit={onSubmit} className="wheel__spin-form" data-enhanced={enhanced || undefined}>
          <input type="hidden" name="intent" value="spin" />
          <input type="hidden" name="campaign_id" value={campaign.id} />
          <input type="hidden" name="key" value={props.spinKey} />
          <button
            type="submit"
            className="btn btn--primary wheel__spin"
            disabled={!allowed}
            // While it turns the button keeps the focus (a disabled one would drop it to the
            // page): it says it is busy and refuses a second spin (onSubmit).
            aria-disabled={shown?.busy || undefined}
            onPointerEnter={preload}
            onFocus={preload}
            aria-busy={shown?.busy || undefined}
          >
            {shown?.busy ? t("wheel.spinning") : t("wheel.spin")}
          </button>
        </Form>
      )}
      {props.player && !campaign.is_spin_cost && campaign.spin_balance < 1 && (
        <p className="wheel__hint">
          <Link to={props.questsHref} preventScrollReset>
            {t("wheel.earnSpins")}
          </Link>
        </p>
      )}
      <Suspense fallback={null}>
        {shown?.value === "done" && result && <SpinResultPopup spin={result} close={props.close} onClose={close} verifyHref={props.verifyHref(result.id)} />}
        {shown?.value === "failed" && <ErrorConfirm code={shown.error} close={props.close} onClose={close} />}
      </Suspense>
    </div>
  );
}
