import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Modules every page loads on first load (the shell around the route). Left to automatic
 * splitting they become a dozen small chunks — each one more request, one more preload entry and
 * its own gzip window — because lazy chunks share them. One chunk costs less (decisions 0014,
 * 0027): the root route's own imports (dialog stack, link delegate, scroll restoration…) and
 * react-dom's small index (flushSync, which React Router's DOM code calls) are in it too, so the
 * root route's chunk is little more than `root.tsx`. Only modules that are on first load anyway
 * belong here: a group pulls a module in even when only lazy code imports it.
 */
const SHELL = new RegExp(
  [
    String.raw`/app/features/(site/(use-root-data|cms-link|custom-code|section-messages|url-dialog-keys)|layout/site-frame|auth/popup-url|dialogs|errors/lazy-error-pages)\.tsx?$`,
    String.raw`/app/ui/(toasts|icon|link-delegate|scroll-restoration|app-providers|dialog/(dialogs|dialog|ids))\.tsx?$`,
    String.raw`/app/lib/(navigation|site-stylesheet|lazy-with-preload|nonce)\.tsx?$`,
    String.raw`/node_modules/react-dom/(index|cjs/react-dom\.production)\.js$`,
  ].join("|"),
);

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
