import { Hono } from "hono";

/** The demo mail and SMS provider's mailbox pages (filled in by the contacts work). */
export const mailboxRoutes = new Hono<{ Bindings: Env }>();
