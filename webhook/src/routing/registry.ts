// Routing of deliveries by their kind, the pair (Object, Event), matched case-insensitively. Kinds without a
// handler are acknowledged by the caller (the provider's list of kinds is not complete, spec A events).
import type { CaseCreator, CallContext } from "../downstream/process-api.js";
import type { ProjectLookup } from "../downstream/project-lookup.js";
import type { Logger } from "../log.js";
import type { WebhookPayload } from "../payload/parse.js";
import type { FieldError } from "../problem.js";

/** What a handler may call. */
export interface HandlerServices {
  cases: CaseCreator;
  projects: ProjectLookup;
}

export interface EventContext extends CallContext {
  payload: WebhookPayload;
  messageId: string | undefined;
  services: HandlerServices;
  log: Logger;
}

export interface EventHandler {
  /** Object kind as the provider spells it, e.g. "Project". */
  object: string;
  /** Event kind as the provider spells it, e.g. "Created". */
  event: string;
  /** Checks run before the delivery is acknowledged (a failure is a 400, never queued). Pure. */
  validate?(payload: WebhookPayload): FieldError[];
  handle(ctx: EventContext): Promise<void>;
}

function kindKey(object: string, event: string): string {
  return `${object.trim().toLowerCase()}/${event.trim().toLowerCase()}`;
}

export class EventRouter {
  readonly #handlers = new Map<string, EventHandler>();

  constructor(handlers: readonly EventHandler[]) {
    for (const h of handlers) {
      const key = kindKey(h.object, h.event);
      if (this.#handlers.has(key)) throw new Error(`two handlers registered for ${h.object}/${h.event}`);
      this.#handlers.set(key, h);
    }
  }

  /** The handler for a kind, or undefined (unknown kind, or Object/Event missing). */
  resolve(object: string | undefined, event: string | undefined): EventHandler | undefined {
    if (object === undefined || event === undefined) return undefined;
    return this.#handlers.get(kindKey(object, event));
  }

  get kinds(): string[] {
    return [...this.#handlers.values()].map((h) => `${h.object}/${h.event}`);
  }
}
