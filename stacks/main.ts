// cdktf entry point (`npm run synth`, `npm run cdktf -- synth`): the process around runSynth (stacks/synth.ts),
// which reads the environment's vars.yml, builds the stacks and writes cdktf.out. Exits 2 for a bad configuration.
import { exitCodeOf } from "../src/cli/exit-codes.js";
import { runSynth } from "./synth.js";

const outcome = await runSynth(process.env, process);
if (outcome !== "ok") process.exit(exitCodeOf(outcome));
