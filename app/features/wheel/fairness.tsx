import { Form, Link } from "react-router";
import type { WheelFairness, WheelSpin } from "../../../core/api/contract-wheel";
import { FieldErrors } from "../../ui/form/field";
import { useT } from "../../lib/i18n/use-t";
import { rewardTitle } from "./odds";

/** The rotate form: reveal the server seed in use (every spin made with it becomes verifiable) and commit a new one. */
export function RotateForm({ action, campaignId, verify }: { action: string; campaignId: number; verify?: string }) {
  const t = useT();
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="rotate" />
      <input type="hidden" name="campaign_id" value={campaignId} />
      {verify && <input type="hidden" name="verify" value={verify} />}
      <button type="submit" className="btn btn--ghost">
        {t("wheel.fair.rotate")}
      </button>
    </Form>
  );
}

/**
 * Provably fair (issue 21): the hash of the server seed the next spins use (committed before
 * them), the player's client seed and a form to change it, the next nonce, and "reveal and start
 * a new seed", after which the revealed seed is shown and every earlier spin can be verified.
 */
export function FairnessPanel(props: {
  fairness: WheelFairness;
  algorithm: string;
  action: string;
  campaignId: number;
  revealed: string | null;
  seedErrors?: string[];
  typedSeed?: string;
}) {
  const t = useT();
  const { fairness: f } = props;
  return (
    <section className="wheel__fair" aria-labelledby="wheel-fair-title" data-testid="wheel-fairness">
      <h2 id="wheel-fair-title">{t("wheel.fair.title")}</h2>
      <p className="wheel__hint">{t("wheel.fair.intro")}</p>
      <dl className="wheel__facts">
        <dt>{t("wheel.fair.serverHash")}</dt>
        <dd className="wheel__mono" data-testid="wheel-server-hash">
          {f.server_seed_hash}
        </dd>
        <dt>{t("wheel.fair.clientSeed")}</dt>
        <dd className="wheel__mono" data-testid="wheel-client-seed">
          {f.client_seed}
        </dd>
        <dt>{t("wheel.fair.nonce")}</dt>
        <dd data-testid="wheel-nonce">{f.nonce}</dd>
        <dt>{t("wheel.fair.algorithm")}</dt>
        <dd className="wheel__mono">{props.algorithm}</dd>
      </dl>
      {props.revealed && (
        <p className="notice" data-testid="wheel-revealed">
          {t("wheel.fair.revealed")} <span className="wheel__mono">{props.revealed}</span>
        </p>
      )}
      <Form method="post" action={props.action} className="wheel__seed" preventScrollReset>
        <input type="hidden" name="intent" value="seed" />
        <input type="hidden" name="campaign_id" value={props.campaignId} />
        <label>
          {t("wheel.fair.newClientSeed")}
          <input
            name="client_seed"
            defaultValue={props.typedSeed ?? f.client_seed}
            maxLength={64}
            required
            aria-describedby={props.seedErrors?.length ? "wheel-seed-error" : undefined}
          />
        </label>
        <FieldErrors id="wheel-seed-error" errors={props.seedErrors} />
        <button type="submit" className="btn btn--ghost">
          {t("wheel.fair.saveSeed")}
        </button>
      </Form>
      <RotateForm action={props.action} campaignId={props.campaignId} />
    </section>
  );
}

/** The player's spins on this wheel, newest first, each with its "verify" view. */
export function MySpins({ spins, verifyHref }: { spins: WheelSpin[]; verifyHref: (id: string) => string }) {
  const t = useT();
  return (
    <section className="wheel__mine" aria-labelledby="wheel-mine-title">
      <h2 id="wheel-mine-title">{t("wheel.mine.title")}</h2>
      {spins.length === 0 ? (
        <p>{t("wheel.mine.none")}</p>
      ) : (
        <ul className="wheel__list" data-testid="wheel-my-spins">
          {spins.map((s) => (
            <li key={s.id} data-spin={s.id}>
              {rewardTitle(s.reward)} · {t("wheel.fair.nonce")} {s.nonce}{" "}
              <Link to={verifyHref(s.id)} preventScrollReset aria-label={`${t("wheel.fair.verify")}: ${t("wheel.fair.nonce")} ${s.nonce}`}>
                {t("wheel.fair.verify")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
