// What the two function-app stacks (webhook, docs-mcp) share: where they deploy, their Flex Consumption app's name,
// storage and size, and the preamble of their constructors (the azapi provider their constructs use, the placement
// of every resource). Each stack adds its own constructs after it.
import type { Construct } from "constructs";
import { AzapiProvider } from "./constructs/azapi.js";
import { BaseStack, type BaseStackProps } from "./base-stack.js";
import type { Placement } from "./constructs/placement.js";

/** A Flex Consumption function app's name, storage account and size. */
export interface FlexAppProps {
  readonly name: string;
  readonly storageAccountName: string;
  readonly maximumInstanceCount: number;
  readonly instanceMemoryMb: 512 | 2048 | 4096;
  readonly alwaysReadyInstances: number;
  readonly zoneRedundant: boolean;
}

/** Where a function-app stack deploys, and its app (F: the app's props, a stack may add its own). */
export interface FunctionAppStackProps<F extends FlexAppProps = FlexAppProps> {
  readonly base: BaseStackProps;
  readonly location: string;
  readonly resourceGroupName: string;
  /** /subscriptions/<id>/resourceGroups/<name>. */
  readonly resourceGroupId: string;
  readonly functionApp: F;
}

export abstract class FunctionAppStack extends BaseStack {
  /** The azapi provider (stacks/constructs/azapi.ts) the app's constructs use for what azurerm cannot set. */
  protected readonly azapi: AzapiProvider;
  /** Resource group, region and tags of every resource of the stack. */
  protected readonly where: Required<Placement>;

  constructor(scope: Construct, id: string, props: FunctionAppStackProps) {
    super(scope, id, props.base);
    this.azapi = new AzapiProvider(this, "azapi", {
      subscriptionId: props.base.subscriptionId,
      tenantId: props.base.tenantId,
    });
    this.where = { resourceGroupName: props.resourceGroupName, location: props.location, tags: this.tags };
  }
}
