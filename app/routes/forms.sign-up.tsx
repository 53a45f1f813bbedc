import { EmbeddedAuth } from "../features/auth/embedded-auth";

export default function EmbeddedSignUp() {
  return <EmbeddedAuth mode="sign_up" />;
}

export const meta = () => [{ name: "robots", content: "noindex" }];
