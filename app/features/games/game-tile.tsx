import { Link } from "react-router";
import type { Game } from "../../lib/api/entities-games";

/** Tiles in the first row load at once; the rest wait until they come near the viewport. */
const FIRST_ROW = 6;

/**
 * One game of the lobby: cover, title and studio, linking to the game page. The cover's width
 * and height (the platform draws 300×400) reserve its box before it loads: no layout shift.
 */
export function GameTile({ game, index, href }: { game: Game; index: number; href: string }) {
  return (
    <li className="game-tile" data-game={game.sysname}>
      <Link to={href} className="game-tile__link">
        <img
          className="game-tile__cover"
          src={game.image}
          width={300}
          height={400}
          alt=""
          decoding="async"
          loading={index < FIRST_ROW ? "eager" : "lazy"}
          fetchPriority={index === 0 ? "high" : undefined}
        />
        <span className="game-tile__title">{game.title}</span>
        <span className="game-tile__provider">{game.provider_name}</span>
      </Link>
    </li>
  );
}
