import { EmbeddedAuth } from "../features/auth/embedded-auth";

export default function EmbeddedSignIn() {
  return <EmbeddedAuth mode="sign_in" />;
}

export const meta = () => [{ name: "robots", content: "noindex" }];
