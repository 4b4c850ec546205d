// What the two function-app stacks (webhook, docs-mcp) share: where they deploy, the azapi provider, the app's own
// storage account (construct id "storage") and its Flex Consumption app (construct id "function",
// stacks/constructs/flex-function-app.ts) built from the stack's props plus what the stack adds. The ids are fixed
// here, once, because they are the resources' addresses in the state.
import type { Construct } from "constructs";
import { AzapiProvider } from "./constructs/azapi.js";
import { FlexFunctionApp, type FlexFunctionAppProps, type FlexScale } from "./constructs/flex-function-app.js";
import { FunctionStorage } from "./constructs/function-storage.js";
import type { Placement } from "./constructs/placement.js";
import { BaseStack, type BaseStackProps } from "./base-stack.js";

/** A Flex Consumption function app's name, storage account and scale. */
export interface FlexAppProps extends FlexScale {
  readonly name: string;
  readonly storageAccountName: string;
  /** Blob soft-delete retention of the app's storage in days; default 7. */
  readonly storageBlobSoftDeleteDays?: number;
}

/** Where a function-app stack deploys, and its app. */
export interface FunctionAppStackProps {
  readonly base: BaseStackProps;
  readonly location: string;
  readonly resourceGroupName: string;
  /** /subscriptions/<id>/resourceGroups/<name>. */
  readonly resourceGroupId: string;
  readonly functionApp: FlexAppProps;
}

/** What a stack adds to its app: everything the stack's props do not already say. */
type FlexAppDifferences = Omit<
  FlexFunctionAppProps,
  keyof Placement | keyof FlexScale | "name" | "resourceGroupId" | "storage" | "azapi"
>;

export abstract class FunctionAppStack extends BaseStack {
  /** The app's own storage account: host storage, the deployment package, whatever else the app keeps there. */
  readonly storage: FunctionStorage;
  /** Resource group, region and tags of every resource of the stack. */
  protected readonly where: Required<Placement>;
  private readonly azapi: AzapiProvider;
  private readonly props: FunctionAppStackProps;

  constructor(scope: Construct, id: string, props: FunctionAppStackProps) {
    super(scope, id, props.base);
    this.props = props;
    this.azapi = new AzapiProvider(this, "azapi", {
      subscriptionId: props.base.subscriptionId,
      tenantId: props.base.tenantId,
    });
    this.where = { resourceGroupName: props.resourceGroupName, location: props.location, tags: this.tags };
    const f = props.functionApp;
    this.storage = new FunctionStorage(this, "storage", {
      ...this.where,
      name: f.storageAccountName,
      zoneRedundant: f.zoneRedundant,
      blobSoftDeleteDays: f.storageBlobSoftDeleteDays,
    });
  }

  /** The stack's function app: its name, scale, storage and placement from the stack's props, plus `own`. */
  protected functionApp(own: FlexAppDifferences): FlexFunctionApp {
    const f = this.props.functionApp;
    return new FlexFunctionApp(this, "function", {
      ...this.where,
      name: f.name,
      maximumInstanceCount: f.maximumInstanceCount,
      instanceMemoryMb: f.instanceMemoryMb,
      alwaysReadyInstances: f.alwaysReadyInstances,
      zoneRedundant: f.zoneRedundant,
      resourceGroupId: this.props.resourceGroupId,
      storage: this.storage,
      azapi: this.azapi,
      ...own,
    });
  }
}
