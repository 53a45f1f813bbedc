import { memo } from "react";
import { AppLink } from "../../ui/app-link";
import type { TileGame } from "./tile-game";
import { responsiveImage, type ImageSizes } from "../../lib/images";

/**
 * Only the first cover (the likely largest paint) loads at once, with high priority; React
 * preloads it in the head. The others are lazy: those on screen load right after layout, so on a
 * slow phone connection they do not race the stylesheets and the first cover (bench: Lighthouse).
 */
const EAGER_TILES = 1;

/**
 * Shown when the cover (or the image proxy itself) fails: a neutral card, a static file. The swap
 * is the document's one image-fallback listener (lib/image-fallback.ts), not a handler per tile.
 */
export const COVER_FALLBACK = "/images/game-fallback.svg";

/**
 * The tile's width per screen (lobby.css): 2 columns on phones (half the screen less the page's
 * padding and the gap: 44–45 vw), 3 from 640 px, 4 beside the sidebar from 1024 px, 6 from
 * 1280 px. A little generous, so no screen gets a blurry cover; not more, so a phone does not
 * fetch and decode twice the pixels it shows.
 */
const TILE_SIZES: ImageSizes = { default: "46vw", sm: "33vw", lg: "24vw", xl: "15vw" };

/**
 * One game of the lobby: cover, title and studio, linking to the game page. The cover's width
 * and height (the platform draws 300×400) reserve its box before it loads: no layout shift.
 * Memoised and without hooks: a list that re-renders (the lobby once hydrated, a page appended)
 * leaves its tiles be, and hydrating a hall of tiles costs little.
 */
export const GameTile = memo(function GameTile({ game, index, href }: { game: TileGame; index: number; href: string }) {
  const cover = responsiveImage(game.image, { width: 300, height: 400, sizes: TILE_SIZES });
  return (
    // The role is said outright: in the lobby the tile's `ul` is `role="none"` (one list over
    // the server's page and the appended ones, lobby.tsx), and an implicit role would go with it.
    // biome-ignore lint/a11y/noRedundantRoles: said outright, as the comment above explains
    <li className="game-tile" role="listitem" data-game={game.sysname}>
      <AppLink to={href} className="game-tile__link">
        <img
          className="game-tile__cover"
          src={cover.src}
          srcSet={cover.srcSet || undefined}
          sizes={cover.sizes}
          data-fallback={COVER_FALLBACK}
          width={300}
          height={400}
          alt=""
          decoding="async"
          loading={index < EAGER_TILES ? "eager" : "lazy"}
          fetchPriority={index === 0 ? "high" : undefined}
        />
        <span className="game-tile__title" dir="auto">
          {game.title}
        </span>
        <span className="game-tile__provider" dir="auto">
          {game.provider_name}
        </span>
      </AppLink>
    </li>
  );
});
