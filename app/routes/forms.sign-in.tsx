import type { Route } from "./+types/forms.sign-in";
import { EmbeddedAuth } from "../features/auth/embedded-auth";
import { loadEmbeddedAuth } from "../features/auth/embedded-auth.server";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadEmbeddedAuth(context, "sign_in", request);
}

export default function EmbeddedSignIn({ loaderData }: Route.ComponentProps) {
  return <EmbeddedAuth mode="sign_in" data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex" }];
