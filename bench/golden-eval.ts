// The golden queries (search-definitions/eval/golden-queries.yml) against the sample site indexed with its
// realistic history, through `docs-index eval` (the query core agents use): prints the report's figures, so a
// change to how queries are built can be measured before and after. Usage: npm run bench:golden [-- --verbose]
import { startIndexedSample } from "../local/environment/indexed-sample.js";
import { docsIndex } from "../local/environment/docs-index.js";

const services = await startIndexedSample();
try {
  const run = await docsIndex({ ...process.env, ...services.env }, "eval", "--json");
  const report = JSON.parse(run.stdout) as { metrics?: unknown; summary?: unknown; [k: string]: unknown };
  const r = report as {
    overall: { recall: number; mrr: number; ndcg10: number };
    queries: { id: string; recall?: number; rr?: number; mrr?: number; ndcg10?: number; [k: string]: unknown }[];
  };
  console.log(
    `${r.queries.length} golden queries: recall@5 ${r.overall.recall.toFixed(3)}, MRR ${r.overall.mrr.toFixed(3)}, nDCG@10 ${r.overall.ndcg10.toFixed(3)}`,
  );
  if (process.argv.includes("--verbose")) for (const q of r.queries) console.log(JSON.stringify(q).slice(0, 400));
} finally {
  await services.stop();
}
