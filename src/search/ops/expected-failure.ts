// The expected-failure rule, written once: a blob directly under the container whose name is listed in
// `search.expected_failures` (the root `index.html` and `404.html`) fails on every run by design (no app folder,
// so no path token 5). status, coverage and preview all classify with this function. Pure.

export function isExpectedFailure(blobPath: string | null | undefined, expectedFailures: readonly string[]): boolean {
  return blobPath != null && !blobPath.includes("/") && expectedFailures.includes(blobPath);
}
