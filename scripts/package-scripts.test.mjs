// Nothing may phone home (README): wrangler sends metrics and Miniflare (under wrangler dev, the
// Vite plugin and the Workers Vitest pool) fetches request.cf from Cloudflare unless the
// environment of scripts/lib.mjs `quietEnv` says no. So no package.json script starts one of those
// tools directly: each runs a project script that uses quietEnv (scripts/quiet.mjs for one tool).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const { scripts, allowScripts = {} } = JSON.parse(readFileSync("package.json", "utf8"));
const TOOLS = ["wrangler", "vite", "react-router", "vitest", "playwright", "tsc", "miniflare"];

/** The commands of an npm script, each without its leading `NAME=value` assignments. */
function commands(script) {
  return script
    .split(/&&|\|\||;/)
    .map((c) => c.trim().split(/\s+/))
    .map((words) => words.slice(words.findIndex((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w))));
}

/** The project's .mjs files under `dir`: not node_modules, nor the benches' output (bench/.out holds whole staged copies of the repository). */
function projectScripts(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === "node_modules" || e.name.startsWith(".")
        ? []
        : projectScripts(join(dir, e.name))
      : e.name.endsWith(".mjs")
        ? [join(dir, e.name)]
        : [],
  );
}

describe("package.json scripts", () => {
  it.each(Object.entries(scripts))("%s runs node on a project script, never a tool directly", (name, script) => {
    for (const [cmd, file] of commands(script)) {
      expect(cmd, `${name}: "${script}"`).toBe("node");
      expect(file, `${name}: "${script}"`).toMatch(/^(scripts|bench)\/[\w/-]+\.mjs$/);
      expect(existsSync(file), `${name}: ${file} exists`).toBe(true);
    }
  });

  it("every project script that starts a tool gives it quietEnv", () => {
    const starting = projectScripts("scripts")
      .concat(projectScripts("bench"))
      .filter((f) => !f.endsWith(".test.mjs"))
      .filter((f) => {
        const src = readFileSync(f, "utf8");
        return src.includes("node:child_process") && (/\bbin\(|\.bin\b/.test(src) || TOOLS.some((t) => src.includes(`"${t}"`)));
      });
    expect(starting).toContain("scripts/quiet.mjs");
    for (const f of starting) expect(readFileSync(f, "utf8"), f).toMatch(/\bquietEnv\b|\bserveBuild\(|\brun\(bin\(/);
  });
});

describe("scripts/quiet.mjs", () => {
  const quiet = (...args) =>
    spawnSync(process.execPath, ["scripts/quiet.mjs", ...args], {
      encoding: "utf8",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "true", WRANGLER_SEND_METRICS: "true" },
    });

  it("runs the tool with the no-phone-home variables, whatever the caller's environment says", () => {
    const r = quiet("node", "-e", "console.log(process.env.WRANGLER_SEND_METRICS, process.env.CLOUDFLARE_CF_FETCH_ENABLED)");
    expect(r.stdout.trim()).toBe("false false");
    expect(r.status).toBe(0);
  });

  it("passes the tool's exit code on, and refuses a tool the project does not have", () => {
    expect(quiet("node", "-e", "process.exit(3)").status).toBe(3);
    const r = quiet("no-such-tool");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("no such tool: no-such-tool");
  });
});

describe("npm install", () => {
  // npm 11 skips the install scripts of a dependency that allowScripts does not name and lists it
  // as unreviewed after every install: each package of the lock with one is decided on here.
  it("every locked package with an install script is approved or denied in allowScripts", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    const withScripts = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of new Set(withScripts)) expect(allowScripts, name).toHaveProperty([name]);
  });
});
