/**
 * What travels on a player's realtime channel (SPEC §4): `{ event, data, ts }`, ts in Unix ms at
 * publication. The browser client reads the same shape (app/features/realtime/).
 */
export interface RealtimeEvent<D = unknown> {
  event: string;
  data: D;
  ts: number;
}

/** Close code the channel uses when the player signed out: the client must not reconnect. */
export const CLOSE_SIGNED_OUT = 4001;
/** Close code for a socket pushed out because the player opened too many. */
export const CLOSE_TOO_MANY = 4008;
