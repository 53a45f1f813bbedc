import { escapeMarkup } from "../../../core/markup";
import { formatMoney } from "../../../core/money";
import {
  DICE_VALUES,
  dicePayoutBp,
  diceCount,
  diceRefusal,
  fromHundredths,
  HOUSE_EDGE_BP,
  type Original,
  ORIGINAL_ALGORITHMS,
  PLINKO_PAYOUTS,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoRisk,
  type PlinkoRows,
} from "../../../core/originals";
import { FAVICON_LINK } from "../auth/oauth-html";
import type { OriginalDraw } from "../games/round-types";
import { betSteps, type GamePageView, outcomeText, rulesLine, sessionLine, STYLE } from "./game-page";

/**
 * The originals' page in the studio (decision 0115): Dice (a target and over or under), Limbo (a
 * target multiplier) and Plinko (rows and risk, its payouts by bin shown), a bet within the game's range, the published house edge, and the player's
 * fairness state — the committed seed's hash, their client seed, the next nonce — with a form that
 * reveals the seed (and commits a new one), after which every round drawn from it is verified in the
 * player's game history. A plain form: it plays without JavaScript (the page again, with the round);
 * with the response's nonce a one-line script tells the site the new balance.
 */

export interface OriginalPageView extends Omit<GamePageView, "symbols" | "freespins" | "freespinsEnded" | "odds"> {
  original: Original;
  /** The player's choice to show (the last one, or the default): plinko's rows are its target. */
  target: number;
  over: boolean;
  risk: PlinkoRisk;
  /** The round just played, if any. */
  draw: OriginalDraw | null;
  /** The player's fairness state; null for a visitor. */
  fairness: { server_seed_hash: string; client_seed: string; nonce: number } | null;
  /** The seed the last rotation revealed (the page after the rotate form). */
  revealed: { server_seed: string; server_seed_hash: string } | null;
  /** Where the rotate form posts. */
  rotate: string;
}

const EXTRA = `
.target{display:flex;flex-direction:column;gap:8px;margin:12px 0;padding:12px;border-radius:14px;background:#1a1238;border:2px solid #ffcf4d}
.big{font-size:2.4rem;font-weight:800;font-variant-numeric:tabular-nums;margin:8px 0}.big.win{color:#ffcf4d}
input[type=text],input[type=number]{font:inherit;padding:10px;border-radius:10px;border:0;width:8em;text-align:center}
fieldset{border:0;margin:0;padding:0;display:flex;gap:12px;justify-content:center}
.facts{font-size:.8rem;color:#c6b8ff;text-align:start;margin:12px 0 0;word-break:break-all}.facts dt{font-weight:700;color:#f5f1ff}.facts dd{margin:0 0 6px}
.rotate button{background:#c6b8ff;min-width:0;padding:6px 10px;font-size:.85rem}
.bins{display:flex;flex-wrap:wrap;justify-content:center;gap:3px;list-style:none;margin:0;padding:0;font-size:.72rem;font-variant-numeric:tabular-nums}
.bins li{padding:3px 4px;border-radius:6px;background:#2b1d5c}.bins li[data-landed]{background:#ffcf4d;color:#1a1238;font-weight:800}
select{font:inherit;padding:8px;border-radius:10px;border:0}
`;

const pct = (bp: number) => `${(bp / 100).toLocaleString("en", { maximumFractionDigits: 2 })} %`;
const times = (bp: number) => `${(bp / 10_000).toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 4 })}×`;

/** Plinko's table for the choice: what each bin pays, the bin a round landed in marked. */
function plinkoBins(v: OriginalPageView): string {
  const table = PLINKO_PAYOUTS[v.risk][v.target as PlinkoRows] ?? [];
  const landed = v.draw?.outcome.game === "plinko" ? v.draw.outcome.result : -1;
  const bins = table.map((m, k) => `<li${k === landed ? " data-landed" : ""}>${fromHundredths(m)}×</li>`).join("");
  return `<p data-chance>Pays by bin, edge to edge (return to player 99 %):</p><ol class="bins" data-payouts aria-label="Payouts by bin">${bins}</ol>`;
}

/** What the choice pays and how often it wins, said before the bet (computed by the published rule). */
function chanceLine(v: OriginalPageView): string {
  if (v.original === "plinko") return plinkoBins(v);
  if (v.original === "dice") {
    if (diceRefusal(v.target, v.over)) return "";
    const count = diceCount(v.target, v.over);
    return `<p data-chance>Win chance ${pct(Math.round((count * 10_000) / DICE_VALUES))} · pays ${times(dicePayoutBp(count))}</p>`;
  }
  return `<p data-chance>Win chance ${pct(Math.round((10_000 - HOUSE_EDGE_BP.limbo) * (100 / v.target)))} · pays ${times(v.target * 100)}</p>`;
}

function resultBlock(v: OriginalPageView): string {
  if (v.error) return `<p class="result error" role="alert" data-result>${escapeMarkup(v.error)}</p>`;
  if (!v.draw || v.win === null)
    return `<p class="big" data-roll>${v.original === "dice" ? "50.00" : v.original === "limbo" ? "1.00×" : "–"}</p><p class="result" data-result></p>`;
  const o = v.draw.outcome;
  if (o.game === "plinko") {
    const { text, won } = outcomeText(v.win, v.bet, v.currency);
    return `<p class="big${o.payout_bp >= 10_000 ? " win" : ""}" data-roll data-bin="${o.result}">${times(o.payout_bp)}</p>
  <p class="result${won ? " win" : ""}" role="status" data-result${won ? " data-won" : ""}>Bin ${o.result} of ${o.target}. ${escapeMarkup(text)} <small>Nonce ${v.draw.nonce}.</small></p>`;
  }
  const shown = v.original === "dice" ? fromHundredths(o.result) : `${fromHundredths(o.result)}×`;
  const { text, won } = outcomeText(v.win, v.bet, v.currency);
  return `<p class="big${o.won ? " win" : ""}" data-roll data-won="${o.won}">${shown}</p>
  <p class="result${won ? " win" : ""}" role="status" data-result${won ? " data-won" : ""}>${escapeMarkup(text)} <small>Nonce ${v.draw.nonce}.</small></p>`;
}

function form(v: OriginalPageView): string {
  if (v.mode === "real" && !v.signedIn) return `<p class="result">Sign in to play for real. <a href="?mode=demo">Play the demo</a></p>`;
  const cap = v.rules?.maxStake ?? null;
  const steps = betSteps(v.game.min_bet, v.game.max_bet).filter((b) => cap === null || b <= cap);
  const options = (steps.length ? steps : [v.game.min_bet])
    .map((b) => `<option value="${b}"${b === v.bet ? " selected" : ""}>${escapeMarkup(formatMoney({ amount: b, currency: v.currency }))}</option>`)
    .join("");
  const option = (value: string | number, label: string, chosen: boolean) => `<option value="${value}"${chosen ? " selected" : ""}>${label}</option>`;
  const target =
    v.original === "plinko"
      ? `<fieldset><label>Rows <select name="rows">${PLINKO_ROWS.map((r) => option(r, String(r), r === v.target)).join("")}</select></label>
         <label>Risk <select name="risk">${PLINKO_RISKS.map((r) => option(r, r[0]!.toUpperCase() + r.slice(1), r === v.risk)).join("")}</select></label></fieldset>`
      : v.original === "dice"
        ? `<label>Target <input type="text" inputmode="decimal" name="target" value="${fromHundredths(v.target)}" required aria-describedby="target-help"></label>
         <fieldset><legend class="visually-hidden">Roll</legend>
           <label><input type="radio" name="side" value="over"${v.over ? " checked" : ""}> Roll over</label>
           <label><input type="radio" name="side" value="under"${v.over ? "" : " checked"}> Roll under</label></fieldset>
         <small id="target-help">0.00 to 100.00; a chance from 1 % to 98 %.</small>`
        : `<label>Target multiplier <input type="text" inputmode="decimal" name="target" value="${fromHundredths(v.target)}" required aria-describedby="target-help"></label>
         <small id="target-help">1.01× to 10,000×.</small>`;
  return `<form method="post" action="${escapeMarkup(v.action)}" data-original-form>
    <input type="hidden" name="mode" value="${v.mode}">
    <input type="hidden" name="round_id" value="${crypto.randomUUID()}">
    <div class="target">${target}${chanceLine(v)}</div>
    <div class="bar"><label>Bet <select name="bet">${options}</select></label><button type="submit">${v.original === "dice" ? "Roll" : v.original === "plinko" ? "Drop" : "Play"}</button></div>
  </form>${rulesLine(v)}`;
}

function fairnessBlock(v: OriginalPageView): string {
  const edge = `<p class="facts">House edge ${pct(HOUSE_EDGE_BP[v.original])}: return to player ${pct(10_000 - HOUSE_EDGE_BP[v.original])}. Provably fair.</p>`;
  const algorithm = `<dt>Algorithm</dt><dd>${escapeMarkup(ORIGINAL_ALGORITHMS[v.original])}</dd>`;
  if (!v.fairness) {
    const d = v.draw;
    const demo = d
      ? `<dt>This round's server seed</dt><dd data-server-seed>${d.server_seed}</dd><dt>Client seed</dt><dd>${escapeMarkup(d.client_seed)}</dd><dt>Nonce</dt><dd>${d.nonce}</dd>`
      : "";
    return `${edge}<dl class="facts" data-fairness>${demo}${algorithm}</dl>`;
  }
  const f = v.fairness;
  const revealed = v.revealed
    ? `<p class="facts" role="status" data-revealed>Revealed: the seed with hash ${v.revealed.server_seed_hash} was <span data-revealed-seed>${v.revealed.server_seed}</span>. Verify its rounds in <a href="/profile/bets/history" target="_top">your game history</a>.</p>`
    : "";
  return `${edge}${revealed}<dl class="facts" data-fairness>
    <dt>Server seed (SHA-256, committed before you play)</dt><dd data-seed-hash>${f.server_seed_hash}</dd>
    <dt>Client seed</dt><dd data-client-seed>${escapeMarkup(f.client_seed)}</dd>
    <dt>Next nonce</dt><dd data-next-nonce>${f.nonce}</dd>${algorithm}</dl>
  <form method="post" action="${escapeMarkup(v.rotate)}" class="rotate"><input type="hidden" name="mode" value="${v.mode}"><button type="submit">Reveal the seed and start a new one</button></form>`;
}

export function originalPage(v: OriginalPageView): Response {
  const balance = v.balance
    ? `<p>Balance <strong data-balance>${escapeMarkup(formatMoney(v.balance))}</strong></p>`
    : v.signedIn
      ? ""
      : `<p>Demo play: no money moves.</p>`;
  // The site's header shows the balance too: the page tells it after a round, as the slot's script does.
  const script =
    v.nonce && v.balance && v.draw
      ? `<script nonce="${escapeMarkup(v.nonce)}">parent !== window && parent.postMessage({ type: "playfront:round", balance: ${JSON.stringify(v.balance)}, freespins: null }, location.origin);</script>`
      : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(v.game.title)}</title>${FAVICON_LINK}<style>${STYLE}${EXTRA}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}</style></head>
<body><main data-game="${escapeMarkup(v.game.sysname)}" data-original="${v.original}" aria-label="${escapeMarkup(v.game.title)}">
<div class="mode">${v.mode === "demo" ? "Demo" : "Real money"}</div>
<h1>${escapeMarkup(v.game.title)}</h1>
${balance}
${sessionLine(v)}
<div aria-live="polite">${resultBlock(v)}</div>
${form(v)}
${fairnessBlock(v)}
</main>${script}</body></html>`;
  return new Response(html, { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
