// Where a construct's resources go: the props every resource-creating construct shares.
export interface Placement {
  resourceGroupName: string;
  /** Azure region, e.g. westeurope. */
  location: string;
  tags?: Record<string, string>;
}
