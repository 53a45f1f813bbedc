/**
 * Game covers, drawn as SVG per game (decisions 0015, 0033): the title's theme (cover-themes.ts)
 * picks a hero motif, accent motifs and a palette; the motifs are Fluent Emoji Flat icons
 * (motifs.generated.ts, MIT) over a sunburst in the palette, under a typographic title. The
 * sysname's hash places the accents, so two games of one theme still differ. The title is drawn
 * here once; the tile's HTML title is visually hidden (it names the link). Same inputs, same
 * bytes: covers are cached for good.
 */
import { coverTheme } from "./cover-themes";
import { MOTIF_SIZE, MOTIFS, type MotifName } from "./motifs.generated";
import { escapeMarkup } from "../../../core/markup";

/** Bump when the drawing changes, so cached covers (and their ETags) are replaced. */
const COVER_VERSION = 3;
export const WIDTH = 300;
export const HEIGHT = 400;

export const coverPath = (sysname: string) => `/platform/covers/${sysname}.svg`;

/** FNV-1a, 32 bits: small, fast and stable across runtimes. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A stream of deterministic numbers from a seed (xorshift32). */
export function numbers(seed: number) {
  let x = seed || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

/** Splits a title into at most three lines of about 14 characters. */
function titleLines(title: string): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 14) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length > 3 ? [...lines.slice(0, 2), lines.slice(2).join(" ")] : lines;
}

/** The widest a title line may be drawn: the cover less its margins. */
const TITLE_MAX_WIDTH = 272;

/**
 * A browser draws the cover itself (decision 0036) with its own bold sans-serif, which may be far
 * wider than Inter, whose widths the size was chosen by (DejaVu Sans Bold: "SHADOW TEMPLE" at
 * 30 px is 308 px wide, over the edges). A line that a wide font could push past the margins is
 * held to Inter's width, at most the margins, with `textLength`.
 */
function fitLine(line: string, size: number): string {
  const wide = line.length * 0.8 * size + (line.length - 1);
  if (wide <= TITLE_MAX_WIDTH) return "";
  return ` textLength="${Math.min(TITLE_MAX_WIDTH, Math.round(line.length * 0.7 * size))}" lengthAdjust="spacingAndGlyphs"`;
}

/** Where accents may sit: the corners and sides around the hero, never over the title. */
const ACCENT_SLOTS: [number, number][] = [
  [34, 46],
  [250, 70],
  [30, 196],
  [262, 188],
  [70, 120],
  [226, 132],
  [150, 30],
];

/** A motif (defined once in <defs>) placed with its centre at x, y and `size` pixels wide. */
function place(id: string, x: number, y: number, size: number, rotate = 0, opacity = 1): string {
  const s = size / MOTIF_SIZE;
  const o = opacity < 1 ? ` opacity="${opacity}"` : "";
  return `<use href="#${id}" transform="translate(${x} ${y}) rotate(${rotate}) scale(${s.toFixed(3)}) translate(-16 -16)"${o}/>`;
}

export interface CoverInput {
  sysname: string;
  title: string;
  /** The game's kind (slot, live, table, fast, sport): the theme when the title names none. */
  kind: string;
}

export function coverSvg({ sysname, title, kind }: CoverInput): string {
  const seed = hash32(sysname);
  const next = numbers(seed);
  const theme = coverTheme(title, kind, seed);
  const hue = theme.hue;
  const deep = (hue + 330 + next(60)) % 360;
  const motifs = new Set<MotifName>([theme.hero, ...(theme.accent ? [theme.accent] : []), ...(theme.badge ? [theme.badge] : [])]);
  const defs = [...motifs].map((m) => `<g id="m-${m}">${MOTIFS[m]}</g>`).join("");

  const lines = titleLines(title.toUpperCase());
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const size = Math.max(22, Math.min(46, Math.floor(268 / (longest * 0.68))));
  const lineHeight = Math.round(size * 1.05);
  const titleTop = HEIGHT - 24 - (lines.length - 1) * lineHeight - size;
  const text = lines
    .map((l, i) => `<text x="150" y="${HEIGHT - 24 - (lines.length - 1 - i) * lineHeight}"${fitLine(l, size)}>${escapeMarkup(l)}</text>`)
    .join("");

  const rays = Array.from(
    { length: 12 },
    (_, i) =>
      `<path d="M150 150L${150 + 420 * Math.cos((i * 30 * Math.PI) / 180)} ${150 + 420 * Math.sin((i * 30 * Math.PI) / 180)}L${150 + 420 * Math.cos(((i * 30 + 14) * Math.PI) / 180)} ${150 + 420 * Math.sin(((i * 30 + 14) * Math.PI) / 180)}Z"/>`,
  );
  const slots = [...ACCENT_SLOTS];
  const accents = theme.accent
    ? Array.from({ length: 4 }, () => {
        const [x, y] = slots.splice(next(slots.length), 1)[0]!;
        return place(`m-${theme.accent}`, x, y, 34 + next(26), next(50) - 25, 0.9);
      }).join("")
    : "";
  const heroSize = Math.min(176, titleTop - 40);
  const heroY = 24 + heroSize / 2 + Math.max(0, (titleTop - 40 - heroSize) / 2);
  const badge = theme.badge ? `<circle cx="262" cy="38" r="24" fill="#fff" fill-opacity=".92"/>${place(`m-${theme.badge}`, 262, 38, 30)}` : "";

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeMarkup(title)}" data-theme="${theme.id}">` +
    `<defs>${defs}` +
    `<radialGradient id="bg" cx=".5" cy=".38" r=".75"><stop offset="0" stop-color="hsl(${hue} 85% 58%)"/><stop offset=".5" stop-color="hsl(${deep} 70% 30%)"/><stop offset="1" stop-color="hsl(${deep} 65% 10%)"/></radialGradient>` +
    `<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${deep} 70% 8%)" stop-opacity="0"/><stop offset="1" stop-color="hsl(${deep} 70% 8%)" stop-opacity=".92"/></linearGradient>` +
    `<linearGradient id="ink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe8"/><stop offset=".55" stop-color="hsl(${(hue + 40) % 360} 100% 78%)"/><stop offset="1" stop-color="hsl(${hue} 95% 58%)"/></linearGradient>` +
    `</defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>` +
    `<g fill="#fff" fill-opacity=".07" transform="rotate(${next(30)} 150 150)">${rays.join("")}</g>` +
    accents +
    `<circle cx="150" cy="${heroY}" r="${Math.round(heroSize * 0.62)}" fill="url(#glow)"/>` +
    `<ellipse cx="150" cy="${Math.round(heroY + heroSize * 0.48)}" rx="${Math.round(heroSize * 0.38)}" ry="9" fill="#000" fill-opacity=".28"/>` +
    place(`m-${theme.hero}`, 150, heroY, heroSize) +
    badge +
    `<rect y="${titleTop - 60}" width="${WIDTH}" height="${HEIGHT - titleTop + 60}" fill="url(#shade)"/>` +
    `<g font-family="Inter,system-ui,sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" letter-spacing="1" fill="url(#ink)" stroke="hsl(${deep} 80% 10%)" stroke-width="${Math.round(size * 0.16)}" stroke-linejoin="round" paint-order="stroke">${text}</g>` +
    `</svg>`
  );
}

/** Strong validator of one cover: its drawing version and inputs. */
export const coverEtag = (c: CoverInput) => `"cover-${COVER_VERSION}-${hash32(`${c.sysname}\u0000${c.title}\u0000${c.kind}`).toString(36)}"`;
