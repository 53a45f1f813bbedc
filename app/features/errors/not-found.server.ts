import { data } from "react-router";

/** The fatal 404 of SPEC §8: 'Page Not Found: {path}'. */
export function notFound(request: Request) {
  return data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
}
