/**
 * How `player_events` names a signed-in player: `u:<uid>` (a visitor is `v:<id>`, their cookie's:
 * platform/index.ts `subject()`). events.handle, the sign-in's record and popups.get's audience
 * all name players so.
 */
export const PLAYER_SUBJECT_PREFIX = "u:";
export const playerSubject = (uid: number): string => `${PLAYER_SUBJECT_PREFIX}${uid}`;
