/**
 * Provider logos: an SVG wordmark per studio, composed from its name (decision 0033). Its place
 * in the studio list picks the mark (a shape holding the initials) and the colour — a golden-angle
 * step per place, so no two studios of the list look alike, which a hash cannot promise — and
 * the sysname's hash the case, the tracking and the slant; the name's first word is the
 * wordmark, the rest ("Gaming", "Live Studios") a smaller tagline. Same name, same bytes: served and cached like covers
 * (`/platform/covers/providers/{sysname}.svg`, so the image proxy ladder serves it as it is).
 */
import { escapeMarkup } from "../../../core/markup";
import { hash32, numbers } from "./covers";

/** Bump when the drawing changes, so cached wordmarks (and their ETags) are replaced. */
const WORDMARK_VERSION = 1;
export const WORDMARK_WIDTH = 300;
export const WORDMARK_HEIGHT = 100;

export const wordmarkPath = (sysname: string) => `/platform/covers/providers/${sysname}.svg`;

/** The marks: a path in a 64×64 box, drawn behind the initials. */
const MARKS: Record<string, string> = {
  circle: `<circle cx="32" cy="32" r="30"/>`,
  square: `<rect x="3" y="3" width="58" height="58" rx="14"/>`,
  diamond: `<path d="M32 1L63 32L32 63L1 32Z"/>`,
  hexagon: `<path d="M32 2L59 17V47L32 62L5 47V17Z"/>`,
  shield: `<path d="M32 2L60 10V30C60 46 48 57 32 63C16 57 4 46 4 30V10Z"/>`,
  star: `<path d="M32 1L40 21L62 22L45 36L51 58L32 46L13 58L19 36L2 22L24 21Z"/>`,
};
const MARK_NAMES = Object.keys(MARKS);

/** Average advance of an Inter Bold glyph, in ems: upper and lower case (fits text without metrics). */
const EM = { upper: 0.7, lower: 0.6 };

export interface WordmarkStyle {
  mark: string;
  hue: number;
  upper: boolean;
  tracking: number;
  slant: number;
}

export interface WordmarkInput {
  sysname: string;
  name: string;
  /** The studio's place in the list (game_providers.position). */
  position: number;
}

/** The style of one studio's wordmark: deterministic per sysname and place (tests read it). */
export function wordmarkStyle({ sysname, position }: Pick<WordmarkInput, "sysname" | "position">): WordmarkStyle {
  const next = numbers(hash32(`wordmark:${sysname}`));
  const place = Math.abs(Math.trunc(position));
  return {
    mark: MARK_NAMES[place % MARK_NAMES.length]!,
    hue: Math.round((place * 137.508) % 360),
    upper: next(2) === 0,
    tracking: [0, 1, 3][next(3)]!,
    slant: [0, 0, -10][next(3)]!,
  };
}

export function wordmarkSvg({ sysname, name, position }: WordmarkInput): string {
  const style = wordmarkStyle({ sysname, position });
  const [first = sysname, ...rest] = name.trim().split(/\s+/);
  // The pointed marks (diamond, star) have room for one letter only.
  const narrow = style.mark === "diamond" || style.mark === "star";
  const initials = (first[0]! + (narrow ? "" : (rest[0]?.[0] ?? ""))).toUpperCase();
  const word = style.upper ? first.toUpperCase() : first;
  const tagline = rest.join(" ").toUpperCase();
  const em = (style.upper ? EM.upper : EM.lower) + style.tracking / 30;
  // The word fills what the mark leaves (300 - 96 - 12 of margin), at most 44 px high.
  const size = Math.max(16, Math.min(44, Math.floor(188 / (word.length * em))));
  const taglineSize = Math.max(9, Math.min(15, Math.floor(188 / (Math.max(tagline.length, 1) * 0.78))));
  const baseline = tagline ? 54 : 64;
  const ink = `hsl(${style.hue} 90% 62%)`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WORDMARK_WIDTH}" height="${WORDMARK_HEIGHT}" viewBox="0 0 ${WORDMARK_WIDTH} ${WORDMARK_HEIGHT}" role="img" aria-label="${escapeMarkup(name)}" data-mark="${style.mark}">` +
    `<defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${style.hue} 95% 68%)"/><stop offset="1" stop-color="hsl(${(style.hue + 40) % 360} 85% 45%)"/></linearGradient></defs>` +
    // Its own dark plate: the wordmark reads the same on the site's light and dark themes.
    `<rect width="${WORDMARK_WIDTH}" height="${WORDMARK_HEIGHT}" rx="14" fill="hsl(${style.hue} 30% 12%)"/>` +
    `<g transform="translate(14 18)" fill="url(#w)">${MARKS[style.mark]}</g>` +
    `<text x="46" y="60" font-family="Inter,system-ui,sans-serif" font-weight="700" font-size="${initials.length > 1 ? 22 : narrow ? 24 : 28}" text-anchor="middle" fill="#0b0d14">${escapeMarkup(initials)}</text>` +
    `<g font-family="Inter,system-ui,sans-serif" font-weight="700" transform="translate(96 0) skewX(${style.slant})">` +
    `<text x="0" y="${baseline}" font-size="${size}" letter-spacing="${style.tracking}" fill="#fff">${escapeMarkup(word)}</text>` +
    (tagline ? `<text x="1" y="${baseline + 22}" font-size="${taglineSize}" letter-spacing="3" fill="${ink}">${escapeMarkup(tagline)}</text>` : "") +
    `</g></svg>`
  );
}

/** Strong validator of one wordmark: its drawing version and inputs. */
export const wordmarkEtag = (p: WordmarkInput) => `"wordmark-${WORDMARK_VERSION}-${hash32(`${p.sysname}\u0000${p.name}\u0000${p.position}`).toString(36)}"`;
