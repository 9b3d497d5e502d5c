import "server-only";

export * from "./errors";
export {
  bindApi,
  locationMatches,
  ServiceTransport,
  type CallOptions,
  type CallRecord,
  type ServiceApi,
  type ServiceResponse,
} from "./service-client";
export {
  pollJob,
  readJobStatus,
  resolveStatusUrl,
  type JobStatusReading,
  type PollOptions,
} from "./poll-job";
