// Built-in Azure role names used by the stacks (learn.microsoft.com built-in roles). Assigned by name so the
// subscription-scoped role definition id never has to be spelled out.
export const ROLES = {
  storageBlobDataReader: "Storage Blob Data Reader",
  storageBlobDataOwner: "Storage Blob Data Owner",
  storageQueueDataContributor: "Storage Queue Data Contributor",
  storageTableDataContributor: "Storage Table Data Contributor",
  searchServiceContributor: "Search Service Contributor",
  searchIndexDataContributor: "Search Index Data Contributor",
  searchIndexDataReader: "Search Index Data Reader",
} as const;
