import type { PlayRules } from "../responsible/play-rules";
import { formatMoney } from "../../../core/money";
import { clockText } from "../../../core/dates";
import { escapeMarkup } from "../../../core/markup";
import { FAVICON_LINK } from "../auth/oauth-html";
import type { RoundMode, StudioGame } from "../games/round-types";
import { blankWeightFor, theoreticalRtp, topPrize } from "../games/rounds-math";

/**
 * The demo studio's slot page: 3 × 3 reels, a bet selector within the game's range, a Spin button
 * and the balance. It is a real form (POST …/round, then back here with the result), so it plays
 * without JavaScript; a small inline script, run with the response's CSP nonce, spins in place
 * with fetch instead. Texts are the studio's own, in English, like a real provider's game.
 */

/** The request header carrying the CSP nonce of the response (set by the Worker's entry). */
export const NONCE_HEADER = "x-playfront-nonce";

/** The response's CSP nonce from the request (the Worker's entry always sets it), or null when absent or malformed. */
export function requestNonce(headers: Headers): string | null {
  const nonce = headers.get(NONCE_HEADER) ?? "";
  return /^[A-Za-z0-9+/=]{16,64}$/.test(nonce) ? nonce : null;
}

/**
 * The reels' symbols, drawn as SVG once per page (a sprite of `<symbol>`s each cell `<use>`s).
 * Not emoji: a colour-emoji font is megabytes to load and slow to lay out and paint at this size
 * (the frame's longest layout on a phone, in traces), and it looks different on every system.
 */
const PICTURES: Record<string, { name: string; art: string }> = {
  cherry: {
    name: "Cherry",
    art: '<path d="M13 25C15 16 20 9 28 6M27 25C26 17 26 11 28 6" stroke="#2e7d32" stroke-width="2.5" fill="none" stroke-linecap="round"/><path d="M28 6c3 0 6 2 7 5-3 1-6 0-7-5z" fill="#43a047"/><circle cx="12" cy="29" r="7" fill="#d32f2f"/><circle cx="27" cy="29" r="7" fill="#b71c1c"/>',
  },
  lemon: {
    name: "Lemon",
    art: '<path d="M5 21c0-7 7-12 15-12s15 5 15 12-7 12-15 12S5 28 5 21z" fill="#fdd835" stroke="#f9a825" stroke-width="2"/><path d="M3 21l3-2v4zM37 21l-3-2v4z" fill="#f9a825"/>',
  },
  bell: {
    name: "Bell",
    art: '<path d="M20 5c-7 0-11 6-11 13v7l-4 5h30l-4-5v-7c0-7-4-13-11-13z" fill="#ffb300" stroke="#e65100" stroke-width="1.5"/><circle cx="20" cy="33" r="4" fill="#e65100"/>',
  },
  star: {
    name: "Star",
    art: '<path d="M20 3l5 11 12 1-9 8 3 12-11-6-11 6 3-12-9-8 12-1z" fill="#fbc02d" stroke="#f57f17" stroke-width="1.5" stroke-linejoin="round"/>',
  },
  seven: {
    name: "Seven",
    art: '<path d="M9 7h23v6L20 35h-8l11-21H9z" fill="#e53935" stroke="#8e0000" stroke-width="1.5" stroke-linejoin="round"/>',
  },
  diamond: {
    name: "Diamond",
    art: '<path d="M6 15l7-9h14l7 9-14 19z" fill="#4fc3f7" stroke="#0277bd" stroke-width="1.5" stroke-linejoin="round"/><path d="M6 15h28M13 6l7 9 7-9M20 15v19" stroke="#0277bd" stroke-width="1.2" fill="none"/>',
  },
  blank: { name: "Blank", art: '<circle cx="20" cy="20" r="3" fill="#9e9e9e"/>' },
};

const SPRITE = `<svg class="sprite" width="0" height="0" aria-hidden="true">${Object.entries(PICTURES)
  .map(([id, s]) => `<symbol id="s-${id}" viewBox="0 0 40 40">${s.art}</symbol>`)
  .join("")}</svg>`;

/** One reel cell's picture, named for assistive technology. */
function symbol(id: string): string {
  const s = PICTURES[id] ? id : "blank";
  return `<svg role="img" aria-label="${PICTURES[s]!.name}"><use href="#s-${s}"/></svg>`;
}

export interface GamePageView {
  game: StudioGame;
  mode: RoundMode;
  /** Where the round form posts (the launch path + `/round`). */
  action: string;
  /** Null: a visitor (demo without a balance) or real mode without a session. */
  balance: { amount: number; currency: string } | null;
  currency: string;
  signedIn: boolean;
  bet: number;
  symbols: string[][] | null;
  win: number | null;
  error: string | null;
  nonce: string | null;
  /** The player's active free-spin pack for this game (decision 0041): the spin button uses it while it has spins. */
  freespins?: { id: string; remaining: number; count: number; bet: number; currency: string } | null;
  /** A pack the last round used up (or that ended): what it won, waiting as a bonus. */
  freespinsEnded?: { won: number; currency: string } | null;
  /** The player's market's play rules (decision 0088): no bet above the cap is offered, and the page says them. */
  rules?: PlayRules | null;
  /** A player's real play: when their session signed in and its net position (wins − stakes, minor units), shown while they play. */
  session?: { startedAt: number; net: number } | null;
  /** The game's return and top prize's chance, said where the stake is chosen where the market asks (Germany). */
  odds?: StudioOdds | null;
}

/** What the game returns and how often its top prize comes (rounds-math.ts: exact, from the paytable and the weights). */
export interface StudioOdds {
  /** 1 = 100 %. */
  rtp: number;
  /** The top prize as a multiple of the stake. */
  multiplier: number;
  /** Rounds per top prize, rounded: "about 1 in N". */
  oneIn: number;
}

/** The studio game's odds at its catalogue RTP (the blank weight the rounds are drawn with). */
export function studioOdds(game: Pick<StudioGame, "rtp_bp">): StudioOdds {
  const blank = blankWeightFor(game.rtp_bp / 10_000);
  const top = topPrize(blank);
  return { rtp: theoreticalRtp(blank), multiplier: top.multiplier, oneIn: Math.round(1 / top.probability) };
}

/** Bets offered: the minimum times 1, 2, 5, 10, 20, 50…, within the maximum (the maximum too). */
export function betSteps(min: number, max: number): number[] {
  const steps = new Set<number>();
  for (let scale = 1; min * scale <= max; scale *= 10) {
    for (const f of [1, 2, 5]) if (min * scale * f <= max) steps.add(min * scale * f);
  }
  steps.add(max);
  return [...steps].sort((a, b) => a - b);
}

// The game is centred by auto margins, which (unlike centring by alignment) never push its top out
// of reach in a short frame, and the reels' rows take the height the rest leaves (about 230 px), so
// the whole game, spin button included, fits a phone's frame without scrolling.
export const STYLE = `
*{box-sizing:border-box}html{height:100%}
body{margin:0;min-height:100%;display:flex;font:16px/1.4 system-ui,sans-serif;
  background:radial-gradient(circle at 50% 30%,#2b1d5c,#0d0a1f);color:#f5f1ff}
main{margin:auto;width:min(420px,100%);padding:12px 16px;text-align:center}
main>p{margin:0}
h1{font-size:1.15rem;margin:0 0 4px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.mode{font-size:.8rem;text-transform:uppercase;letter-spacing:.1em;color:#c6b8ff}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:6px;margin:10px 0;padding:10px;border-radius:14px;background:#1a1238;border:2px solid #ffcf4d}
.cell{height:clamp(44px,calc((100vh - 230px) / 3),120px);display:flex;align-items:center;justify-content:center;background:#fff;color:#222;border-radius:8px}
.cell svg{height:62%;aspect-ratio:1}.sprite{position:absolute}
.payline{outline:3px solid #ffcf4d}
.spinning .cell{animation:spin .12s linear infinite}@keyframes spin{50%{transform:translateY(6px);opacity:.6}}
.bar{display:flex;gap:8px;align-items:center;justify-content:center;flex-wrap:wrap}
select,button{font:inherit;padding:10px 14px;border-radius:10px;border:0}
button{background:#ffcf4d;color:#241a00;font-weight:700;min-width:120px;cursor:pointer}button:disabled{opacity:.6}
.result{min-height:1.5em;margin:10px 0 0;font-weight:600}.result.win{color:#ffcf4d;font-size:1.1rem}
.session{font-size:.85rem;color:#c6b8ff;font-variant-numeric:tabular-nums}
.won{animation:won .6s ease-out 2}@keyframes won{50%{box-shadow:0 0 24px #ffcf4d}}
@media (prefers-reduced-motion:reduce){.spinning .cell,.won{animation:none}}.error{color:#ff9b9b}.free{margin:0;flex-basis:100%}
a{color:#ffcf4d}
`;

function grid(symbols: string[][] | null): string {
  const rows = symbols ?? [
    ["seven", "bell", "cherry"],
    ["diamond", "star", "lemon"],
    ["bell", "cherry", "seven"],
  ];
  return rows.map((row, r) => row.map((s) => `<div class="cell${r === 1 ? " payline" : ""}" data-cell>${symbol(s)}</div>`).join("")).join("");
}

/**
 * A round's outcome in words. Only a win above the stake is celebrated (UKGC RTS 14: a return of the
 * stake or less is not a win, and is not dressed as one): it is said with "!" and the page's win
 * style; a smaller return says what came back of the stake. The inline script says the same.
 */
export function outcomeText(win: number, bet: number, currency: string): { text: string; won: boolean } {
  const money = (amount: number) => formatMoney({ amount, currency });
  if (win > bet) return { text: `You win ${money(win)}!`, won: true };
  if (win > 0) return { text: `${money(win)} back of your ${money(bet)} stake.`, won: false };
  return { text: "No win this time.", won: false };
}

function resultText(v: GamePageView): string {
  if (v.error) return `<p class="result error" role="alert" data-result>${escapeMarkup(v.error)}</p>`;
  if (v.win === null) return `<p class="result" data-result></p>`;
  const { text, won } = outcomeText(v.win, v.freespins?.bet ?? v.bet, v.currency);
  return `<p class="result${won ? " win" : ""}" role="status" data-result${won ? " data-won" : ""}>${escapeMarkup(text)}</p>`;
}

/** The session's time and net position, inside the game: elapsed since sign-in (the script keeps it running) and wins − stakes. */
export function sessionLine(v: Pick<GamePageView, "session" | "mode" | "currency">, now = Date.now()): string {
  const s = v.session;
  if (!s || v.mode !== "real") return "";
  const clock = clockText(now - s.startedAt);
  const net = formatMoney({ amount: s.net, currency: v.currency });
  return `<p class="session" data-session data-started="${s.startedAt}" data-net-amount="${s.net}">Session <time data-elapsed>${clock}</time> · Net <strong data-net>${s.net > 0 ? "+" : ""}${escapeMarkup(net)}</strong></p>`;
}

/** The game's return and its top prize's chance at the chosen stake (Germany); the script follows the stake. */
function oddsLine(v: GamePageView): string {
  const o = v.odds;
  if (!o || v.mode !== "real") return "";
  const rtp = (o.rtp * 100).toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const top = formatMoney({ amount: o.multiplier * v.bet, currency: v.currency });
  return `<p class="free" data-odds data-multiplier="${o.multiplier}" data-currency="${escapeMarkup(v.currency)}">Return to player ${rtp} %. Top prize ${o.multiplier}× the stake (<span data-top-prize>${escapeMarkup(top)}</span>), about 1 in ${o.oneIn.toLocaleString("en")} rounds.</p>`;
}

/** What a used-up pack won, and where it waits (the player's bonuses page, outside the frame). */
function endedText(e: { won: number; currency: string }): string {
  const text =
    e.won > 0
      ? `Your free spins won ${escapeMarkup(formatMoney({ amount: e.won, currency: e.currency }))}. The bonus is waiting in <a href="/profile/bonuses" target="_top">your bonuses</a>.`
      : `Your free spins are used up: nothing won this time.`;
  return `<p class="result freespins-ended" role="status" data-freespins-ended>${text}</p>`;
}

/** Free spins of a pack: its bet fixed, no bet choice, nothing debited. */
function freeControls(v: GamePageView, f: NonNullable<GamePageView["freespins"]>): string {
  const bet = escapeMarkup(formatMoney({ amount: f.bet, currency: f.currency }));
  return `<form method="post" action="${escapeMarkup(v.action)}" class="bar" data-spin-form data-freespins>
    <input type="hidden" name="mode" value="real">
    <input type="hidden" name="round_id" value="${crypto.randomUUID()}">
    <input type="hidden" name="freespin_id" value="${escapeMarkup(f.id)}">
    <input type="hidden" name="bet" value="${f.bet}">
    <p class="free">Free spins: <strong data-freespins-left>${f.remaining}</strong> of ${f.count} left at ${bet}</p>
    <button type="submit">Free spin</button>
  </form>`;
}

/** What the player's market asks of a round, said under the controls (no autoplay or turbo is offered anywhere). */
export function rulesLine(v: Pick<GamePageView, "rules" | "mode" | "currency">): string {
  const r = v.rules;
  if (!r || v.mode !== "real") return "";
  const parts = [
    r.maxStake !== null ? `at most ${escapeMarkup(formatMoney({ amount: r.maxStake, currency: v.currency }))} a round` : "",
    r.minCycleMs ? `one round every ${(r.minCycleMs / 1000).toLocaleString("en", { maximumFractionDigits: 1 })} seconds at most` : "",
  ].filter(Boolean);
  if (parts.length === 0) return "";
  return `<p class="free" data-play-rules>Under the rules of the ${escapeMarkup(r.regulator)}: ${parts.join(", ")}; no autoplay.</p>`;
}

function controls(v: GamePageView): string {
  if (v.mode === "real" && !v.signedIn) {
    return `<p class="result">Sign in to play for real. <a href="?mode=demo">Play the demo</a></p>`;
  }
  if (v.mode === "real" && v.freespins) return freeControls(v, v.freespins);
  const cap = v.rules?.maxStake ?? null;
  const steps = betSteps(v.game.min_bet, v.game.max_bet).filter((b) => cap === null || b <= cap);
  const options = (steps.length ? steps : [v.game.min_bet])
    .map((b) => `<option value="${b}"${b === v.bet ? " selected" : ""}>${escapeMarkup(formatMoney({ amount: b, currency: v.currency }))}</option>`)
    .join("");
  return `<form method="post" action="${escapeMarkup(v.action)}" class="bar" data-spin-form>
    <input type="hidden" name="mode" value="${v.mode}">
    <input type="hidden" name="round_id" value="${crypto.randomUUID()}">
    <label>Bet <select name="bet">${options}</select></label>
    <button type="submit">Spin</button>
  </form>${oddsLine(v)}${rulesLine(v)}`;
}

const SCRIPT = `
(() => {
  const form = document.querySelector("[data-spin-form]");
  if (!form) return;
  const names = ${JSON.stringify(Object.fromEntries(Object.entries(PICTURES).map(([id, s]) => [id, s.name])))};
  const reels = document.querySelector(".reels"), cells = document.querySelectorAll("[data-cell]");
  const result = document.querySelector("[data-result]"), balance = document.querySelector("[data-balance]");
  const session = document.querySelector("[data-session]"), odds = document.querySelector("[data-odds]");
  // The session's clock runs while the player plays; the odds line follows the chosen stake.
  if (session) {
    const started = Number(session.dataset.started), elapsed = session.querySelector("[data-elapsed]"), pad = (n) => String(n).padStart(2, "0");
    setInterval(() => {
      const s = Math.max(0, Math.floor((Date.now() - started) / 1000));
      elapsed.textContent = Math.floor(s / 3600) + ":" + pad(Math.floor(s / 60) % 60) + ":" + pad(s % 60);
    }, 1000);
  }
  // core/money.ts formatMoney's rule, so the reels' page and the server-rendered one agree.
  const symbols = { USD: "$", EUR: "€", BRL: "R$", GBP: "£" };
  const money = (m) => {
    const whole = String(Math.floor(m.amount / 100)).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ","), cents = m.amount % 100;
    return (symbols[m.currency] ?? m.currency + " ") + whole + (cents ? "." + String(cents).padStart(2, "0") : "");
  };
  const betSelect = form.querySelector("select[name=bet]");
  if (odds && betSelect) {
    betSelect.addEventListener("change", () => {
      odds.querySelector("[data-top-prize]").textContent = money({ amount: Number(odds.dataset.multiplier) * Number(betSelect.value), currency: odds.dataset.currency });
    });
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true; reels.classList.remove("won"); reels.classList.add("spinning"); result.textContent = ""; result.className = "result";
    try {
      const res = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { accept: "application/json" } });
      const body = await res.json();
      if (!res.ok) throw new Error(body.error?.message || "The round failed");
      const round = body.data;
      round.symbols.flat().forEach((s, i) => {
        const id = names[s] ? s : "blank", svg = cells[i].querySelector("svg");
        svg.setAttribute("aria-label", names[id]); svg.querySelector("use").setAttribute("href", "#s-" + id);
      });
      // outcomeText's rule: only a win above the stake is celebrated.
      const stake = Number(form.bet.value), won = round.win > stake;
      result.textContent = won ? "You win " + money({ amount: round.win, currency: round.currency }) + "!"
        : round.win > 0 ? money({ amount: round.win, currency: round.currency }) + " back of your " + money({ amount: stake, currency: round.currency }) + " stake."
        : "No win this time.";
      result.className = won ? "result win" : "result";
      if (won) { result.setAttribute("data-won", ""); reels.classList.add("won"); } else result.removeAttribute("data-won");
      if (session && !round.freespins) {
        const net = Number(session.dataset.netAmount) + round.win - stake;
        session.dataset.netAmount = String(net);
        session.querySelector("[data-net]").textContent = (net > 0 ? "+" : net < 0 ? "-" : "") + money({ amount: Math.abs(net), currency: round.currency });
      }
      if (round.balance && balance) balance.textContent = money(round.balance);
      parent !== window && parent.postMessage({ type: "playfront:round", balance: round.balance, freespins: round.freespins ?? null }, location.origin);
      if (round.freespins) {
        const left = form.querySelector("[data-freespins-left]");
        if (left) left.textContent = String(round.freespins.remaining_count);
        // The pack is used up: the page again, with this round and what the pack won.
        if (round.freespins.remaining_count === 0) location.assign("?mode=real&round=" + encodeURIComponent(round.id) + "&freespin=" + encodeURIComponent(round.freespins.id));
      }
    } catch (e) {
      result.textContent = e.message; result.className = "result error";
    } finally {
      form.round_id.value = crypto.randomUUID(); button.disabled = false; reels.classList.remove("spinning");
    }
  });
})();`;

export function gamePage(v: GamePageView): Response {
  const balance = v.balance
    ? `<p>Balance <strong data-balance>${escapeMarkup(formatMoney(v.balance))}</strong></p>`
    : v.mode === "demo" && !v.signedIn
      ? `<p>Demo play: no money moves.</p>`
      : "";
  const script = v.nonce ? `<script nonce="${escapeMarkup(v.nonce)}">${SCRIPT}</script>` : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(v.game.title)}</title>${FAVICON_LINK}<style>${STYLE}</style></head>
<body>${SPRITE}<main data-game="${escapeMarkup(v.game.sysname)}" aria-label="${escapeMarkup(v.game.title)}">
<div class="mode">${v.mode === "demo" ? "Demo" : "Real money"}</div>
<h1>${escapeMarkup(v.game.title)}</h1>
${balance}
${sessionLine(v)}
<div class="reels" aria-label="Reels" aria-live="polite">${grid(v.symbols)}</div>
${v.freespinsEnded ? endedText(v.freespinsEnded) : ""}
${controls(v)}
${resultText(v)}
</main>${script}</body></html>`;
  return new Response(html, { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
