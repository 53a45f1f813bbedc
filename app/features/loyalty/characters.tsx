import { Form, Link, useNavigate } from "react-router";
import type { LoyaltyCharacter } from "../../../core/api/contract-loyalty";
import { Dialog, dialogTitleId } from "../../ui/dialog/dialog";
import { FieldErrors, Submit } from "../../ui/form/field";
import { ConfirmBody } from "../../ui/dialog/confirm-body";
import { useLocalePath, useT } from "../../lib/i18n/use-t";
import { CHARACTER_KEY, CHARACTERS_KEY } from "./keys";

const PAGE = "/profile/loyalty";

/**
 * The player's character (SPEC §2): the one chosen, and the way to the character change popup
 * (`?characters=1`, rendered from the URL, so it works without JavaScript).
 */
export function CharacterCard({ current, errors }: { current: LoyaltyCharacter | null; errors?: string[] }) {
  const t = useT();
  const to = useLocalePath();
  return (
    <section
      className="responsible__card loyalty__character"
      aria-labelledby="loyalty-character"
      data-testid="loyalty-character"
      data-character={current?.sysname ?? ""}
    >
      <h2 id="loyalty-character">{t("loyalty.character.title")}</h2>
      <div className="loyalty__character-now">
        {current && <img src={current.image} alt="" width={72} height={72} />}
        <p>{current ? t("loyalty.character.current", { title: current.title }) : t("loyalty.character.none")}</p>
      </div>
      <FieldErrors id="loyalty-character-error" errors={errors} />
      <Link className="btn btn--ghost" to={`${to(PAGE)}?${CHARACTERS_KEY}=1`} preventScrollReset>
        {t(current ? "loyalty.character.change" : "loyalty.character.pick")}
      </Link>
    </section>
  );
}

/**
 * SPEC §2 loyalty character change: a curtain (a sheet from the bottom edge) listing the
 * characters; each other one is a link to its confirm (`?character=<id>`).
 */
export function CharacterChangeDialog({ current, characters }: { current: LoyaltyCharacter | null; characters: LoyaltyCharacter[] }) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const page = to(PAGE);
  const entry = { id: "loyalty-characters", kind: "curtain" as const, name: "loyaltyCharacterChange", preventClose: false };
  return (
    <Dialog entry={entry} active closeHref={page} onClose={() => navigate(page, { replace: true, preventScrollReset: true })}>
      <section data-testid="loyalty-character-change">
        <h2 id={dialogTitleId(entry)}>{t("loyalty.character.pickTitle")}</h2>
        <ul className="loyalty__characters">
          {characters.map((c) => (
            <li key={c.id} data-character={c.sysname}>
              <img src={c.image} alt="" width={72} height={72} loading="lazy" />
              <span>{c.title}</span>
              {c.id === current?.id ? (
                <strong aria-current="true">{t("loyalty.character.chosen")}</strong>
              ) : (
                <Link className="btn btn--ghost" to={`${page}?${CHARACTER_KEY}=${c.id}`} replace preventScrollReset>
                  {t("loyalty.character.choose", { title: c.title })}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </Dialog>
  );
}

/** SPEC §2 loyalty character change confirm: opened by the URL; closing goes back to the page. */
export function CharacterConfirmDialog({ character: c, busy }: { character: LoyaltyCharacter; busy: boolean }) {
  const t = useT();
  const to = useLocalePath();
  const navigate = useNavigate();
  const page = to(PAGE);
  const entry = { id: `loyalty-character-${c.id}`, kind: "confirm" as const, name: "loyaltyCharacterConfirm", preventClose: false };
  return (
    <Dialog entry={entry} active closeHref={page} onClose={() => navigate(page, { replace: true, preventScrollReset: true })}>
      <ConfirmBody
        testId="loyalty-character-confirm"
        titleId={dialogTitleId(entry)}
        title={t("loyalty.character.confirmTitle", { title: c.title })}
        before={<img src={c.image} alt="" width={96} height={96} />}
        actions={
          <Form method="post" action={page} className="confirm__actions">
            <input type="hidden" name="character_id" value={c.id} />
            <Submit busy={busy}>{t("loyalty.character.confirm")}</Submit>
            <Link className="btn btn--ghost" to={page} replace preventScrollReset>
              {t("loyalty.character.cancel")}
            </Link>
          </Form>
        }
      >
        <p>{t("loyalty.character.confirmText", { title: c.title })}</p>
      </ConfirmBody>
    </Dialog>
  );
}
