import "server-only";

export * from "./errors";
export {
  bindApi,
  locationMatches,
  ServiceTransport,
  type CallOptions,
  type CallRecord,
  type ListStream,
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
