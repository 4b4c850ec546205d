// @azure/search-documents 13.0.0 reads a custom analyzer's tokenizer into `tokenizer` on getIndex but writes it
// from `tokenizerName` on createOrUpdateIndex (serviceUtils' convertAnalyzersToPublic does not map it back), so
// an index read and written back unchanged through the SDK loses its tokenizer: the service refuses it ("must
// specify a tokenizer"). Tests that change a live index through the SDK, as another client would, put it back.
// (docs-index itself writes definitions as REST JSON and is not affected.)
import type { SearchIndex } from "@azure/search-documents";

export function writableIndex(index: SearchIndex): SearchIndex {
  for (const analyzer of index.analyzers ?? []) {
    const a = analyzer as { odatatype: string; tokenizer?: string; tokenizerName?: string };
    if (a.odatatype === "#Microsoft.Azure.Search.CustomAnalyzer" && a.tokenizerName === undefined)
      a.tokenizerName = a.tokenizer;
  }
  return index;
}
