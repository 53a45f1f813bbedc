/** The player's choice to mute the loyalty notice's sound, kept in this browser (SPEC §9 "respecting a muted setting"). */
const KEY = "loyalty_sound_muted";

export function soundMuted(): boolean {
  try {
    return window.localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function setSoundMuted(muted: boolean): void {
  try {
    if (muted) window.localStorage.setItem(KEY, "1");
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the sound stays as it was.
  }
}
