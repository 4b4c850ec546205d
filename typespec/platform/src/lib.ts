// The TypeSpec library definition of @platform/typespec. TypeSpec loads `$lib` from the package's JS
// entry; without it linting and option validation are disabled.
import { createTypeSpecLibrary } from "@typespec/compiler";

export const LIBRARY_NAME = "@platform/typespec";

export const $lib = createTypeSpecLibrary({
  name: LIBRARY_NAME,
  diagnostics: {},
} as const);
