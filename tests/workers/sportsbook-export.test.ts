import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { settleEvent } from "../../workers/platform/sportsbook/settle";
import { data, send } from "./helpers";
import { activeFreeBet, bettor, makeEvent, place, setEvent, settleMarket } from "./sportsbook-helpers";
import { playerDb } from "./player-db";

/** Settled sports bets in the game history CSV (decision 0049): a row per bet beside the rounds, at its settlement. */

async function readyExport(p: Awaited<ReturnType<typeof bettor>>) {
  const created = await data(p.browser.post("games/createhistoryexportrequest"));
  // The build runs after the answer (waitUntil): the export once it has left pending.
  let item: any;
  await expect
    .poll(async () => (item = await data(p.browser.get("games/gethistoryexportrequest", { id: created.id }))).status, { timeout: 10_000 })
    .not.toBe("pending");
  return item;
}

describe("the game history export with sports bets", () => {
  it("has a row per settled bet (stake as bet, payout as win; a free bet staked nothing real), none for open bets", async () => {
    const p = await bettor(10_000);
    await activeFreeBet(p, "free-bet");
    const e = await makeEvent({ home: "Reds, United", away: "Blues", markets: [{ odds: [250, 340, 300] }] });
    const open = await makeEvent();
    const s = e.markets[0]!.selections;
    const won = (await data(place(p, { selections: [s[0]!], stake: 1_000 }))).bet;
    const lost = (await data(place(p, { selections: [s[2]!], stake: 400 }))).bet;
    const free = (await data(place(p, { selections: [s[0]!], stake: 500, funding: "betting_bonus" }))).bet;
    await data(place(p, { selections: [open.markets[0]!.selections[0]!], stake: 100 }));
    await settleMarket(e.markets[0]!, ["win", "lose", "lose"]);
    await setEvent(e.id, "finished");
    expect(await settleEvent(env, e.id)).toEqual({ settled: 3 });
    const ready = await readyExport(p);
    expect(ready).toMatchObject({ status: "ready", rows: 3 });
    const csv = await (await send(ready.download_url, { headers: p.browser.headers() })).text();
    const rows = await playerDb(p.uid)
      .prepare("SELECT id, settled_at FROM sport_bets WHERE uid = ?1 AND status <> 'open' ORDER BY settled_at, id")
      .bind(p.uid)
      .all<{ id: string; settled_at: number }>();
    const line: Record<string, string> = {
      [won.id]: `${won.id},DATE,sportsbook,"Reds, United – Blues",real,USD,10.00,25.00,15.00`,
      [lost.id]: `${lost.id},DATE,sportsbook,"Reds, United – Blues",real,USD,4.00,0.00,-4.00`,
      [free.id]: `${free.id},DATE,sportsbook,"Reds, United – Blues",free_bet,USD,0.00,7.50,7.50`,
    };
    const expected = [
      "round_id,date_utc,game,title,mode,currency,bet,win,net",
      ...rows.results.map((r) => line[r.id]!.replace("DATE", new Date(r.settled_at).toISOString())),
    ];
    expect(csv).toBe(expected.map((l) => `${l}\r\n`).join(""));
  });
});
