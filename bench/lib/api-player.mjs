// A player driven through the /api contract and the demo providers, as a browser would: its own
// cookie jar, registration from an address of its own (the platform allows 5 new accounts an hour
// per address, decision 0061), a deposit paid on the demo payment page. Loopback only.

/** A new player on `base`; answers { send, ok, form, session }. */
export async function newPlayer(base, tag = "bench") {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const send = async (path, init = {}) => {
    const res = await fetch(base + path, { redirect: "manual", ...init, headers: { origin: base, cookie: cookie(), ...init.headers } });
    for (const h of res.headers.getSetCookie()) {
      const [pair] = h.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  const ok = async (res) => {
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text).data;
  };
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e9)}@example.com`;
  const address = `2001:db8:b:${Math.floor(Math.random() * 0x10000).toString(16)}:${Math.floor(Math.random() * 0x10000).toString(16)}::1`;
  const registration = form({ email, password: "Sup3r-secret!", terms: 1, currency: "USD", country_code: "US", region: "AL" });
  await ok(await send("/api/auth/register", { ...registration, headers: { "cf-connecting-ip": address } }));
  return { send, ok, form, email, session: () => jar.get("pf_session") };
}

/** A multipart POST of `fields`. */
export function form(fields) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  return { method: "POST", body };
}

/** Deposits `amount` (minor units) by the demo card, paid on the demo payment page. */
export async function deposit(p, amount) {
  const made = await p.ok(
    await p.send("/api/cashier/makedeposit", form({ method: "demo_card", amount, idempotency_key: `bench-${Date.now()}-${Math.random()}` })),
  );
  const paid = await payOnDemoPage(p, made.redirect_url);
  if (paid.status !== 303) throw new Error(`the demo payment answered ${paid.status}`);
}

/** The payer's choice on the demo payment page a deposit redirected to (`redirectUrl`): its answer (303 to the result). */
export function payOnDemoPage(p, redirectUrl, outcome = "success") {
  const page = new URL(redirectUrl, "http://x.invalid");
  return p.send(page.pathname, {
    method: "POST",
    body: new URLSearchParams({ sig: page.searchParams.get("sig") ?? "", outcome }),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** Activates the first available bonus (the welcome bonus after a first deposit); answers whether one is active. */
export async function activateBonus(p) {
  const { available } = await p.ok(await p.send("/api/bonuses/get"));
  if (available.length === 0) return false;
  await p.ok(await p.send("/api/bonuses/activate", form({ bonus_id: available[0].id })));
  const { active } = await p.ok(await p.send("/api/bonuses/get"));
  return active.length > 0;
}

/** The game most running tournaments count, and the ids of those tournaments. */
export async function tournamentGame(base) {
  const res = await fetch(`${base}/api/tournaments/get?status=active&fields=games`);
  const { items } = (await res.json()).data;
  const counts = new Map();
  for (const t of items) for (const g of t.games ?? []) counts.set(g, (counts.get(g) ?? 0) + 1);
  const [game] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!game) throw new Error("no running tournament names its games");
  return { game, tournaments: items.map((t) => t.id) };
}

/** Joins each of the tournaments `ids` (an automatic one counts every player: its 409 is not a failure). */
export async function joinTournaments(p, ids) {
  for (const id of ids) {
    const res = await p.send("/api/tournaments/participate", form({ tournament_id: id }));
    await res.text();
  }
}

/** One real-money round of `game` (a demo provider's), `bet` in cents; answers the response. */
export function playRound(p, game, roundId, bet) {
  return p.send(`/platform/game/${game}/round`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ bet, mode: "real", round_id: roundId }),
  });
}

/**
 * The signed-in player bench:cpu and ssr-profile measure as: a first deposit, in the running
 * tournaments with `rounds` scoring rounds (as bench:pages' history player is, at a smaller scale):
 * a tournament's page then ranks them and lists their rounds.
 */
export async function measuredPlayer(origin, tag, rounds = 12) {
  const p = await newPlayer(origin, tag);
  await deposit(p, 5000);
  const { game, tournaments } = await tournamentGame(origin);
  await joinTournaments(p, tournaments);
  for (let i = 0; i < rounds; i++) await (await playRound(p, game, `${tag}-${Date.now()}-${i}`, 100)).text();
  return p;
}
