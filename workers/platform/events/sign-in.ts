import { playerSubject } from "./subject";

/**
 * The `login` event (decision 0045, update 2026-11-27): every completed sign-in — password (after
 * the second factor), Telegram, a social provider — records it in `player_events`, the table
 * events.handle writes, so a campaign popup whose audience event is `login` follows a real
 * sign-in (SPEC §4: the campaign popup after login). Not under events.handle's per-minute limit:
 * sign-ins have their own throttle, and a refused record must never refuse the sign-in.
 */
export function recordSignIn(db: D1Database, uid: number, via: string): Promise<unknown> {
  return db
    .prepare("INSERT INTO player_events (subject, event_name, params, created_at) VALUES (?1, 'login', ?2, ?3)")
    .bind(playerSubject(uid), JSON.stringify({ via }), Math.floor(Date.now() / 1000))
    .run();
}
