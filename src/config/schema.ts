// The whole vars.yml: one section per concern, each schema in its own file.
import { z } from "zod";
import { searchConfigSchema } from "./search.js";

export const configSchema = z.strictObject({
  /** Short name of the environment, echoed in resource names and logs. */
  environment: z.string().regex(/^[a-z0-9-]+$/, { message: "expected a lowercase environment name" }),
  search: searchConfigSchema,
});

export type Config = z.infer<typeof configSchema>;
