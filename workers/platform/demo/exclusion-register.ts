import { Hono } from "hono";
import { demoOn } from "./switches";
import type { ExclusionRegister, RegisterPerson } from "../providers/exclusion-registers";

/**
 * The demo national self-exclusion registers (decision 0092): one store (`demo_exclusion_register`,
 * migration 0074) for every scheme, matched as the real ones match — the same last name and birth
 * date, or the same email — among the entries of that register. The seed lists one person per
 * register, "Alex Excluded" born 1980-01-01, so the refusal can be seen on a fresh site.
 */
export function demoExclusionRegister(register: string): ExclusionRegister {
  return {
    async isExcluded(env: Env, p: RegisterPerson) {
      const hit = await env.DB.prepare(
        `SELECT 1 AS x FROM demo_exclusion_register WHERE register = ?1
           AND ((?2 <> '' AND ?3 IS NOT NULL AND last_name = ?2 COLLATE NOCASE AND birth_date = ?3)
             OR (?4 IS NOT NULL AND email = ?4 COLLATE NOCASE))
         LIMIT 1`,
      )
        .bind(register, p.lastName.trim(), p.birthDate, p.email?.trim() || null)
        .first();
      return hit !== null;
    },
  };
}

/**
 * The demo registers' console (decision 0092): `GET /platform/demo/registers?format=json` lists who
 * each scheme excludes; `POST /platform/demo/registers` (register, last_name, birth_date, email)
 * adds a person, as registering with GAMSTOP would. Not found in production unless `registers`
 * is named in DEMO_PROVIDERS.
 */
export const registerDemoRoutes = new Hono<{ Bindings: Env }>();

const REGISTERS = ["gamstop", "cruks", "spelpaus", "oasis"] as const;

registerDemoRoutes.get("/platform/demo/registers", async (c) => {
  if (!demoOn(c.env, "registers")) return c.text("Not found", 404);
  c.header("cache-control", "no-store");
  const { results } = await c.env.DB.prepare("SELECT register, last_name, birth_date, email FROM demo_exclusion_register ORDER BY rowid").all();
  return c.json({ data: results });
});

registerDemoRoutes.post("/platform/demo/registers", async (c) => {
  if (!demoOn(c.env, "registers")) return c.text("Not found", 404);
  c.header("cache-control", "no-store");
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const field = (name: string) => (typeof body[name] === "string" ? (body[name] as string).trim() : "");
  const register = field("register");
  const birthDate = field("birth_date") || null;
  const email = field("email") || null;
  const refuse = (message: string) => c.json({ error: { type: "InvalidParameterException", message } }, 400);
  if (!(REGISTERS as readonly string[]).includes(register)) return refuse(`register must be one of ${REGISTERS.join(", ")}`);
  if (birthDate !== null && !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return refuse("birth_date must be YYYY-MM-DD");
  if (!email && !(field("last_name") && birthDate)) return refuse("Give an email, or a last_name with a birth_date");
  await c.env.DB.prepare("INSERT INTO demo_exclusion_register (register, last_name, birth_date, email, added_at) VALUES (?1, ?2, ?3, ?4, ?5)")
    .bind(register, field("last_name").slice(0, 100), birthDate, email?.slice(0, 254) ?? null, Date.now())
    .run();
  return c.json({ data: { register, added: true } });
});
