import type { Route } from "./+types/forms.sign-up";
import { EmbeddedAuth } from "../features/auth/embedded-auth";
import { loadEmbeddedAuth } from "../features/auth/embedded-auth.server";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadEmbeddedAuth(context, "sign_up", request);
}

export default function EmbeddedSignUp({ loaderData }: Route.ComponentProps) {
  return <EmbeddedAuth mode="sign_up" data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }, { name: "robots", content: "noindex" }];
