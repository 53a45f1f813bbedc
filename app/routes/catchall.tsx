import type { Route } from "./+types/catchall";
import { notFound } from "../features/errors/not-found.server";

/**
 * Paths no page serves. The site middleware has already applied access rules (protected paths
 * send a visitor to the index) and site redirects by now; what is left is a 404.
 */
export function loader({ request }: Route.LoaderArgs): never {
  throw notFound(request);
}

export default function CatchAll() {
  return null;
}
