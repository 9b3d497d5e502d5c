import "server-only";

export * from "./errors";
export {
  bindApi,
  locationMatches,
  ServiceTransport,
  type CallOptions,
  type ServiceApi,
  type ServiceResponse,
} from "./service-client";
export { JOB_STATUS_OPERATIONS, pollJob, resolveStatusUrl, type PollOptions } from "./poll-job";
