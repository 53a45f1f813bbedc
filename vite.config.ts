import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * Modules every page loads on first load (the shell around the route). Left to automatic
 * splitting they become a dozen small chunks — each one more request, one more preload entry and
 * its own gzip window — because lazy chunks share them. One chunk costs less (decisions 0014,
 * 0027): the root route's own imports (dialog stack, link delegate, scroll restoration…) and
 * react-dom's small index (flushSync, which React Router's DOM code calls) are in it too, so the
 * root route's chunk is little more than `root.tsx`. Only modules that are on first load anyway
 * belong here: a group pulls a module in even when only lazy code imports it. The root route and
 * the default layout (every page but the two embeds) are in it too: their route chunks become
 * one-line re-exports of the shell, which saves each page a request and about 500 bytes of gzip
 * (a small file compresses worse alone than inside the shell, and its imports are written out).
 */
const SHELL = new RegExp(
  [
    String.raw`/app/shell/(use-root-data|url-dialog-keys|dialog-registry|dialogs|app-providers)\.tsx?$`,
    String.raw`/app/features/(site/(custom-code|section-messages)|layout/site-frame|auth/(popup-url|use-session-changed)|errors/lazy-error-pages)\.tsx?$`,
    String.raw`/app/ui/(toasts|icon|link-delegate|scroll-restoration|dialog/ids)\.tsx?$`,
    String.raw`/app/lib/(site-stylesheet|lazy-with-preload|nonce|first-interaction|i18n/use-t)\.tsx?$`,
    String.raw`/core/navigation\.ts$`,
    String.raw`/app/(root|layouts/default)\.tsx(\?.*)?$`,
    String.raw`/node_modules/react-dom/(index|cjs/react-dom\.production)\.js$`,
  ].join("|"),
);

/**
 * Vite wraps every `import()` of the client in `__vitePreload(load, deps)`, whose helper adds a
 * `<link rel="modulepreload">` per dependency of the imported chunk, so they load in parallel
 * rather than one import level after the other. Vite's own helper (about 1 KB compressed, in the
 * shell on every page) also handles stylesheets, relative bases and a `vite:preloadError` event,
 * none of which this app has (every stylesheet is inlined by the server, decision 0019). This one
 * does the preloading only, with the page's CSP nonce (decision 0027).
 */
const PRELOAD_HELPER = `const seen = new Set();
export const __vitePreload = (load, deps) => {
  if (deps && deps.length) {
    const nonce = document.querySelector("script[nonce]")?.nonce;
    for (const dep of deps) {
      const href = "/" + dep;
      if (seen.has(href)) continue;
      seen.add(href);
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      if (nonce) link.nonce = nonce;
      document.head.appendChild(link);
    }
  }
  return load();
};`;

/**
 * Chunks every page imports statically before any `import()` can run (the shell and Rolldown's
 * runtime): listing them among a lazy chunk's dependencies to preload only costs bytes.
 */
const ALWAYS_LOADED = /^assets\/(shell|rolldown-runtime)-[\w-]+\.js$/;

const smallPreloadHelper: Plugin = {
  name: "playfront:small-preload-helper",
  enforce: "pre",
  applyToEnvironment: (environment) => environment.name === "client",
  load: (id) => (id === "\0vite/preload-helper.js" ? PRELOAD_HELPER : null),
};

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), smallPreloadHelper],
  server: { host: "127.0.0.1" },
  environments: {
    client: {
      build: {
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !ALWAYS_LOADED.test(dep)) },
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
