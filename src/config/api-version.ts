// The one place the data-plane api-version is chosen. @azure/search-documents 13 defaults to 2026-04-01
// (docs/local-standin.md, Sources §9); change it here and in config if the service needs another.
export const DEFAULT_SEARCH_API_VERSION = "2026-04-01";
