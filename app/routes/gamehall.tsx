import { useLocation } from "react-router";
import type { Route } from "./+types/gamehall";
import { Lobby } from "../features/games/lobby";
import { loadLobby } from "../features/games/lobby.server";

/** The game hall: `?category=`, `?providers=a,b`, `?offset=` (see features/games/lobby-params.ts). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadLobby(context, request);
}

export default function GameHall({ loaderData }: Route.ComponentProps) {
  // New filters or page: a fresh lobby, so pages appended in the browser do not carry over.
  const { search } = useLocation();
  return <Lobby key={search} data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];
