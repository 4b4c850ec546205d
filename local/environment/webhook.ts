// Posts a sample provider webhook (spec A: a note-created event) to the local receiver, started through the
// webhook app's dev-server factory. Skipped until the webhook app provides one.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Azurite } from "../azurite.js";
import { StepSkipped } from "./steps.js";

const WEBHOOK_ENTRY = fileURLToPath(new URL("../../webhook/src/index.ts", import.meta.url));

export interface WebhookFigures {
  status: number;
  messageId: string;
  body: unknown;
}

export interface SentWebhook {
  url: string;
  figures: WebhookFigures;
  transcript: string;
  stop: () => Promise<void>;
}

export async function postSampleWebhook(_azurite: Azurite, _options: { keep: boolean }): Promise<SentWebhook> {
  if (!existsSync(WEBHOOK_ENTRY)) throw new StepSkipped("webhook receiver not available yet (webhook/src/index.ts)");
  throw new StepSkipped("webhook receiver's dev-server factory not available yet");
}
