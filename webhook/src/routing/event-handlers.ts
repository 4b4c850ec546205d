// The one list of event handlers (one file per handler under src/events/). Add a kind here.
import { projectCreated } from "../events/project-created.js";
import type { EventHandler } from "./registry.js";

export const eventHandlers: readonly EventHandler[] = [projectCreated];
