import type { MiddlewareHandler } from "hono";

/** The demo operator consoles exist outside production only: there they answer 404 like any unknown path. */
export const notInProduction: MiddlewareHandler<{ Bindings: Env }> = async (c, next) => {
  if (c.env.APP_ENV === "production") return c.text("Not found", 404);
  await next();
};
