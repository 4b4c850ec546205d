#!/usr/bin/env node
// The `docs-index` bin of this checkout: runs the command built by `npm run build` (dist/cli/docs-index.js).
import "../../dist/cli/docs-index.js";
