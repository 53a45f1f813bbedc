// Runs one of the project's tools (a node_modules/.bin name) with the no-phone-home environment
// of scripts/lib.mjs, forwarding its arguments, output, Ctrl-C and exit code. Every package.json
// script that starts wrangler, vite, react-router, vitest or playwright goes through here (or
// through a script that uses quietEnv itself): scripts/package-scripts.test.mjs checks it.
//   node scripts/quiet.mjs vitest run --project unit
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { bin, quietEnv } from "./lib.mjs";

const [tool, ...args] = process.argv.slice(2);
if (!tool || !/^[a-z][\w-]*$/.test(tool) || !existsSync(bin(tool))) {
  console.error(`usage: node scripts/quiet.mjs <tool in node_modules/.bin> [args…]${tool ? ` (no such tool: ${tool})` : ""}`);
  process.exit(2);
}

const child = spawn(bin(tool), args, { stdio: "inherit", env: quietEnv });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
