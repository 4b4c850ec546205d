// The architecture as rules: who may import whom. `npm run lint:arch` (part of `npm run lint` and `npm test`)
// and test/architecture/ check the whole tree against them. The README's Layout section says the same in prose.
//
// Known violations waiting for a fix are listed in .dependency-cruiser-known-violations.json (written by
// `npm run lint:arch:baseline`); `--ignore-known` keeps them from failing the build, anything new fails it.
// Empty that file as they are fixed; never add to it to silence a new finding.

/**
 * Folders of `src/` that do I/O (SDK calls, HTTP, files): the CLI's adapters, the query core's I/O half shared by
 * the MCP server and the evaluation (each tool's `io.ts`, `common/io/`), and the MCP server's shell (transports,
 * token validation). Not the core.
 */
const IO_ADAPTERS = ["^src/search/io/", "^src/search/query/[^/]+/io[./]", "^src/mcp/shell/", "^src/deliveries/io/"];
/** The renderers (human text, markdown) the commands call: the core never depends on how it is shown. */
const VIEWS = "^src/search/views/";
/** The CLI shell: argument parsing, output, exit codes. */
const CLI = "^src/cli/";
/** npm packages (hoisted or nested) are outside every folder rule. */
const NODE_MODULES = "(^|/)node_modules/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "src-not-to-tooling",
      severity: "error",
      comment:
        "src/ is the product: it never imports local tooling (local/), entry points (scripts/), benchmarks (bench/) " +
        "or tests (test/). Pass what it needs as parameters instead.",
      from: { path: "^src/" },
      to: { path: "^(local|scripts|bench|test)/" },
    },
    {
      name: "core-not-to-cli",
      severity: "error",
      comment:
        "The functional core (src/ outside src/cli/ and the I/O adapters) is pure and never imports the CLI shell: " +
        "the CLI calls the core, not the other way round.",
      from: { path: "^src/", pathNot: [CLI, ...IO_ADAPTERS] },
      to: { path: CLI },
    },
    {
      name: "adapters-not-to-cli",
      severity: "error",
      comment:
        "The I/O adapters (" +
        IO_ADAPTERS.join(", ") +
        ") serve the CLI; they take their settings (retries, timeouts, credentials) as parameters and never import " +
        "the CLI's modules.",
      from: { path: IO_ADAPTERS },
      to: { path: CLI },
    },
    {
      name: "core-not-to-adapters",
      severity: "error",
      comment: "The functional core does no I/O: it never imports the I/O adapters; the shell passes their results in.",
      from: { path: "^src/", pathNot: [CLI, ...IO_ADAPTERS] },
      to: { path: IO_ADAPTERS },
    },
    {
      name: "core-not-to-views",
      severity: "error",
      comment:
        "The renderers (" +
        VIEWS +
        ") show what the core computes; the core (src/search/ outside views/ and the I/O adapters) never imports " +
        "them, so a plan or a report means the same whoever renders it.",
      from: { path: "^src/search/", pathNot: [VIEWS, ...IO_ADAPTERS] },
      to: { path: VIEWS },
    },
    {
      name: "webhook-self-contained",
      severity: "error",
      comment:
        "webhook/ is deployed as its own package: it imports only its own files, shared/ (which its build compiles " +
        "into the package), Node built-ins and npm packages, never the rest of this repository.",
      from: { path: "^webhook/" },
      // local/ is the next rule's, with its own reason.
      to: { pathNot: ["^webhook/", "^shared/", "^local/", NODE_MODULES], dependencyTypesNot: ["core"] },
    },
    {
      name: "shared-imports-nothing",
      severity: "error",
      comment:
        "shared/ holds the rules both the receiver (webhook/) and the product (src/) use; the receiver's package " +
        "compiles it in, so it imports only its own files and Node built-ins: no npm package, no other folder.",
      from: { path: "^shared/" },
      to: { pathNot: "^shared/", dependencyTypesNot: ["core"] },
    },
    {
      name: "webhook-not-to-local-emulation",
      severity: "error",
      comment:
        "The local emulation of the Functions host (local/webhook/: the adapter, its request and context, the queue " +
        "listener) imports the receiver in webhook/; the receiver never imports it back, so the emulation stays " +
        "out of the deployed package.",
      from: { path: "^webhook/" },
      to: { path: "^local/" },
    },
    {
      name: "webhook-store-not-to-queue",
      severity: "error",
      comment:
        "The idempotency store and the delivery queue share the delivery message (webhook/src/delivery/); the " +
        "queue's consumer uses the store, so the store never imports the queue.",
      from: { path: "^webhook/src/idempotency/" },
      to: { path: "^webhook/src/queue/" },
    },
    {
      name: "cli-commands-not-to-siblings",
      severity: "error",
      comment:
        "A docs-index command never imports another command: helpers two commands share live in a shared module " +
        "outside src/cli/docs-index/commands/.",
      from: { path: "^src/cli/docs-index/commands/([^/]+)\\.ts$" },
      to: { path: "^src/cli/docs-index/commands/[^/]+\\.ts$", pathNot: "^src/cli/docs-index/commands/$1\\.ts$" },
    },
    {
      name: "no-folder-cycles",
      severity: "error",
      scope: "folder",
      comment:
        "No cycles between the folders of the product (src/) and the stacks (stacks/): when folder A imports from " +
        "folder B, nothing in B imports back from A (directly or through other folders). A folder cycle means two " +
        "folders are one concern, or the shared part belongs in a folder both import.",
      from: { path: "^(src|stacks)/" },
      to: { circular: true },
    },
    {
      name: "no-circular",
      severity: "error",
      comment:
        "No import cycles, type-only imports included (tsPreCompilationDeps): a cycle means two modules are one " +
        "concern or a type lives in the wrong module. Move the shared part into a module of its own.",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: NODE_MODULES },
    exclude: { path: ["(^|/)node_modules/", "(^|/)dist/", "^cdktf\\.out/", "(^|/)tsp-output/", "^local/sample-site/"] },
    // Type-only imports count: a cycle through `import type` is still a cycle of concerns.
    tsPreCompilationDeps: true,
    // The baseline only shrinks (`lint:arch:baseline` drops fixed entries, never adds new ones), and an entry
    // that no longer matches fails the check so the file is emptied as the fixes land.
    baseline: { mode: "shrink-only", staleEntriesSeverity: "error" },
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
