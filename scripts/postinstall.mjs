// After every install: apply patches/ to node_modules with patch-package — fixes to dependencies
// not released upstream yet, each explained in docs/decisions/0050-patched-dependencies.md.
import { bin, run } from "./lib.mjs";

run(bin("patch-package"), ["--error-on-fail"]);
