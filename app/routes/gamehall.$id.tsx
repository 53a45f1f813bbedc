import type { Route } from "./+types/gamehall.$id";
import { redirectToCategory } from "../features/games/lobby.server";

/** `/gamehall/{id}`: a category by sysname or id → `/gamehall?category=…` (302); unknown → 404. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return redirectToCategory(context, request, params.id);
}

export default function GameHallCategory() {
  return null;
}
