import type { TFunction } from "../../lib/i18n/translate";
import type { LoyaltyCharacter } from "../../../core/api/contract-loyalty";

/**
 * SPEC §2: in registration mode the character selector shows when the operator's
 * `showCharacterSelect` is on (instead of the banner): radio buttons named `character_id`, the
 * form's field the registration sends (issue 20). "Later" sends none; the player chooses on
 * /profile/loyalty then.
 */
export function CharacterSelect({ characters, value, t }: { characters: LoyaltyCharacter[]; value: string | undefined; t: TFunction }) {
  return (
    <fieldset className="auth__characters" data-testid="registration-characters">
      <legend>{t("auth.fields.character")}</legend>
      {characters.map((c) => (
        <label className="auth__character" key={c.id}>
          <input type="radio" name="character_id" value={c.id} defaultChecked={value === String(c.id)} />
          <img src={c.image} alt="" width={48} height={48} loading="lazy" />
          <span>{c.title}</span>
        </label>
      ))}
      <label className="auth__character">
        <input type="radio" name="character_id" value="" defaultChecked={!value} />
        <span>{t("auth.fields.characterLater")}</span>
      </label>
    </fieldset>
  );
}
