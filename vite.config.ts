import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * App modules every page loads on first load (the shell around the route). Left to automatic
 * splitting they become eight small chunks — each one more request, one more preload entry and
 * its own import header — because lazy chunks share them. One chunk costs less (bench/README.md).
 * Only modules that are on first load anyway belong here: a group pulls a module in even when
 * only lazy code imports it.
 */
const SHELL = /\/app\/(features\/(site\/(use-root-data|cms-link)|layout\/site-frame|auth\/popup-url)|ui\/(toasts|icon)|lib\/navigation)\.tsx?$/;

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter()],
  server: { host: "127.0.0.1" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "shell", test: SHELL }],
            },
          },
        },
      },
    },
  },
});
