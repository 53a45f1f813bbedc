import { Link } from "react-router";
import type { FreespinPack } from "../../../core/api/contract-freespins";
import { formatDateTime } from "../../../core/dates";
import { formatMoney } from "../../../core/money";
import { useLocalePath, useT } from "../../lib/i18n/use-t";

/**
 * The player's active free-spin packs on /profile/bonuses (decision 0041): spins left at their
 * bet, until when, what they have won, and a plain link to the game where the studio plays them.
 * A link, not a form: it works the same without JavaScript.
 */
export function FreespinPacks({ packs }: { packs: FreespinPack[] }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="responsible__card" aria-labelledby="bonuses-freespins" data-testid="bonuses-freespins">
      <h2 id="bonuses-freespins">{t("freespins.title")}</h2>
      {packs.length === 0 && <p>{t("freespins.none")}</p>}
      {packs.map((p) => (
        <article key={p.id} className="bonus" data-freespin={p.id} data-game={p.game.sysname}>
          <h3>{p.title}</h3>
          {p.description && <p>{p.description}</p>}
          <p data-freespins-left>{t("freespins.left", { left: String(p.remaining_count), count: String(p.count), bet: formatMoney(p.bet) })}</p>
          {p.won.amount > 0 && <p>{t("freespins.won", { won: formatMoney(p.won) })}</p>}
          <p className="responsible__hint">{t("freespins.expires", { time: formatDateTime(p.expires_at) })}</p>
          <div className="bonus__actions">
            <Link className="btn btn--primary" to={to(`/game/${p.game.sysname}`)} aria-label={t("freespins.playGame", { game: p.game.title })}>
              {t("freespins.play")}
            </Link>
          </div>
        </article>
      ))}
    </section>
  );
}
