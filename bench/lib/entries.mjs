/** What of the repository a Playfront build needs: copied into a staged directory and built there. */
export const PLAYFRONT_ENTRIES = [
  "app",
  "core",
  "workers",
  "public",
  "migrations",
  "scripts",
  "package.json",
  "react-router.config.ts",
  "vite.config.ts",
  "wrangler.toml",
  "tsconfig.json",
];
