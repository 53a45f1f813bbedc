import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n/use-t";
import { setSoundMuted, soundMuted } from "./notice-sound";

/** The loyalty notice's sound on or off, kept in this browser; shown once hydrated (the sound plays only with JavaScript). */
export function SoundToggle() {
  const t = useT();
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => setOn(!soundMuted()), []);
  if (on === null) return null;
  return (
    <label className="check" data-testid="loyalty-sound">
      <input
        type="checkbox"
        checked={on}
        onChange={(e) => {
          setOn(e.currentTarget.checked);
          setSoundMuted(!e.currentTarget.checked);
        }}
      />
      <span>{t("loyalty.soundLabel")}</span>
    </label>
  );
}
