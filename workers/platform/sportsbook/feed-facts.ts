import type { Facts } from "../player/wire";

/**
 * The feed's rows a slip names (its selections, their markets and events), read from D1 in one
 * batch, for a bet placed in the player's object (decision 0075): the object holds only the feed
 * rows its player's statements need, so they travel with the call. The placement's gate then
 * compares the slip with the feed as read here, the moment the bet is accepted.
 */
export async function slipFacts(db: D1Database, selectionIds: number[]): Promise<Facts[]> {
  const ids = JSON.stringify(selectionIds);
  const [selections, markets, events] = await db.batch<Record<string, unknown>>([
    db.prepare("SELECT * FROM sport_selections WHERE id IN (SELECT value FROM json_each(?1))").bind(ids),
    db.prepare("SELECT * FROM sport_markets WHERE id IN (SELECT market_id FROM sport_selections WHERE id IN (SELECT value FROM json_each(?1)))").bind(ids),
    db
      .prepare(
        `SELECT * FROM sport_events WHERE id IN (SELECT m.event_id FROM sport_markets m JOIN sport_selections s ON s.market_id = m.id
           WHERE s.id IN (SELECT value FROM json_each(?1)))`,
      )
      .bind(ids),
  ]);
  // Parents first: a selection's row names its market, a market its event.
  return [
    { table: "sport_events", rows: events!.results },
    { table: "sport_markets", rows: markets!.results },
    { table: "sport_selections", rows: selections!.results },
  ];
}

/** The feed's rows a bet builder's gate reads: its event and the event's markets (one suspended shuts it). */
export async function eventFacts(db: D1Database, eventId: number): Promise<Facts[]> {
  const [events, markets] = await db.batch<Record<string, unknown>>([
    db.prepare("SELECT * FROM sport_events WHERE id = ?1").bind(eventId),
    db.prepare("SELECT * FROM sport_markets WHERE event_id = ?1").bind(eventId),
  ]);
  return [
    { table: "sport_events", rows: events!.results },
    { table: "sport_markets", rows: markets!.results },
  ];
}
