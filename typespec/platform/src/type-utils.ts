// Small helpers the linter rules share: which types belong to the user's contract, and which
// platform template an operation was built from.
import {
  getNamespaceFullName,
  isTemplateDeclaration,
  type Interface,
  type Model,
  type Namespace,
  type Operation,
  type Type,
} from "@typespec/compiler";
import { PLATFORM_NAMESPACE } from "./platform-names.js";

function isLibraryNamespace(ns: Namespace | undefined): boolean {
  if (!ns) return false;
  const name = getNamespaceFullName(ns);
  return (
    name === "TypeSpec" ||
    name.startsWith("TypeSpec.") ||
    name === PLATFORM_NAMESPACE ||
    name.startsWith(`${PLATFORM_NAMESPACE}.`)
  );
}

/** True for types the contract author wrote: not TypeSpec's or this library's, not a template declaration. */
export function isUserType(type: Model | Operation | Interface | Namespace): boolean {
  if (type.kind === "Namespace") return type.name !== "" && !isLibraryNamespace(type);
  if (type.kind === "Operation" && type.interface) {
    if (isTemplateDeclaration(type.interface)) return false;
    if (isLibraryNamespace(type.interface.namespace)) return false;
  }
  if (isTemplateDeclaration(type)) return false;
  return !isLibraryNamespace(type.namespace);
}

/** The name of the Platform operation template `op` is (transitively) built from, if any. */
export function platformTemplateOf(op: Operation): string | undefined {
  let current: Operation | undefined = op.sourceOperation;
  let found: string | undefined;
  // Walk the whole `is` chain: ResourceRead is itself built on ReadOperation; the outermost wins.
  while (current) {
    if (current.namespace && getNamespaceFullName(current.namespace) === PLATFORM_NAMESPACE && !found)
      found = current.name;
    current = current.sourceOperation;
  }
  return found;
}

/** True if `model` is or extends (via `extends` or `is`) the Platform model named `name`. */
export function derivesFromPlatformModel(model: Model, name: string): boolean {
  const seen = new Set<Model>();
  const stack: Model[] = [model];
  while (stack.length > 0) {
    const m = stack.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    if (m.name === name && m.namespace && getNamespaceFullName(m.namespace) === PLATFORM_NAMESPACE) return true;
    if (m.baseModel) stack.push(m.baseModel);
    if (m.sourceModel) stack.push(m.sourceModel);
    for (const source of m.sourceModels ?? []) stack.push(source.model);
  }
  return false;
}

/** True if the model carries TypeSpec.Rest's @resource decorator. */
export function isResourceModel(type: Type): boolean {
  return type.kind === "Model" && type.decorators.some((d) => d.decorator.name === "$resource");
}
