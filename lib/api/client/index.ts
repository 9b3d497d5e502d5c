import "server-only";

export * from "./errors";
export {
  bindApi,
  keepIds,
  locationMatches,
  ServiceTransport,
  type CallOptions,
  type CallRecord,
  type ListFilter,
  type ServiceApi,
  type ServiceResponse,
} from "./service-client";
export { KeyQueue } from "./key-queue";
export {
  pollJob,
  readJobStatus,
  resolveStatusUrl,
  type JobStatusReading,
  type PollOptions,
} from "./poll-job";
