import { type ServiceMetrics } from "./observability/service-metrics";
import { type HttpBindings } from "@hono/node-server";
import { type Hono } from "hono";
import type pg from "pg";
import { type z } from "zod";
import { type TrustedProxies } from "@/lib/net/client-address";
import { type Logger } from "@/lib/log/logger";
import {
  type OperationDefinition,
  type OperationId,
  type OperationResult,
  type Operations,
} from "@/lib/api/contract/operations";
import { type Db, type ServiceDatabase } from "./db/database";
import { type CallerCache } from "./pipeline/caller-cache";
import { type DeliveryLedger } from "./pipeline/delivery";
import { type SandboxControlsMode } from "./sandbox/controls-scope";
import { type RequestJournal } from "./sandbox/journal";
import { type VersionedAnswers } from "./pipeline/versioned-answers";
import { type ListBuilds } from "./routes/client-users/list-builds";
import { type SubUserListParts } from "./routes/client-users/kept-sub-user-list";
import { type Caller, type Charge, type RateRule } from "./core";

export interface ServiceConfig {
  /** Base URL the service is reached at; used for `statusUrl`, `Location` and `redirectUrl`. */
  publicUrl: string;
  defaultRateLimit: Omit<RateRule, "ruleKey">;
  /** Time from an accepted job to its final state (a third of it queued, the rest running). */
  jobDurationMs: number;
  /** Lifetime of a VIN redirect session. */
  redirectSessionSeconds: number;
  /** Bound on how long a request whose instance stopped answering keeps its Client busy. */
  abandonedRequestSeconds: number;
  /** A Master with more Sub-users than this is sent its list a batch at a time, never held whole. */
  subUserListKeepLimit: number;
  /** Kept entries of such a list sent at a time (tests lower it to send several batches). */
  subUserListSendBatch: number;
  /** The sandbox controls' operator token (reference-service extension). */
  sandboxToken: string;
  /** Which keys the sandbox controls serve, and which calls they act on. */
  sandboxControls: SandboxControlsMode;
  /** The proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`). */
  trustedProxies: TrustedProxies;
}

/** Everything a running service shares across requests. */
export interface ServiceContext {
  database: ServiceDatabase;
  config: ServiceConfig;
  log: Logger;
  /** Injectable so tests can move time (periods, retention, expiry). */
  now: () => Date;
  /** Settles charges whose outcome is only their answer. */
  delivery: DeliveryLedger;
  /** Callers resolved from keys, checked again by every call that uses one. */
  callers: CallerCache;
  /** The sandbox controls' request journal (reference-service extension). */
  journal: RequestJournal;
  /** Each Master's serialised Sub-user list, kept under the list's version. */
  subUserLists: VersionedAnswers<SubUserListParts>;
  listBuilds: ListBuilds;
  /** This instance's counters, served at `GET /metrics`. */
  metrics: ServiceMetrics;
  /** Set once a stop began: `GET /readyz` says not ready, and answers close their connections. */
  lifecycle: { draining: boolean };
}

type Parsed<
  Id extends OperationId,
  K extends "params" | "query" | "body",
> = Operations[Id]["request"] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

export interface RequestContext<Id extends OperationId> {
  operationId: Id;
  op: OperationDefinition;
  input: { params: Parsed<Id, "params">; query: Parsed<Id, "query">; body: Parsed<Id, "body"> };
  caller: Caller;
  /** Request-scoped handle on the connection that holds the Client's lock. */
  db: Db;
  /** The same connection without Drizzle, for reads that want the driver's row arrays. */
  conn: pg.ClientBase;
  service: ServiceContext;
  requestId: string;
  now: Date;
  /** A header of the request (conditional reads: `If-None-Match`). */
  header: (name: string) => string | undefined;
  /** The call's time on the instance's clock alone (a grant between two families runs on it). */
  instanceNow: Date;
  /** How this billable call was settled (a job keeps it, to refund the order if it fails). */
  charge?: Charge;
  /** A sandbox fault rule's embedded error for the job this call creates. */
  sandboxJobFailure?: { code: string; message: string };
}

/** The parts of a request context that do not depend on the operation. */
export type RequestBase = Omit<RequestContext<OperationId>, "operationId" | "input" | "op">;

export type HandlerResult<Id extends OperationId> = (
  | OperationResult<Id>
  | {
      status: 200;
      /** A body the handler serialised itself from data it checked against the contract. */
      checkedBody: string;
    }
  | {
      status: 200;
      /** A body too long to hold, produced (and checked against the contract) as it is sent. */
      checkedStream: ReadableStream<Uint8Array>;
    }
  /** The caller's copy (its `If-None-Match`) is current: no body. */
  | { status: 304 }
) & {
  headers?: Record<string, string>;
};
export type Handler<Id extends OperationId> = (
  ctx: RequestContext<Id>,
) => Promise<HandlerResult<Id>>;
export type HandlerMap = { [Id in OperationId]?: Handler<Id> };

/** The service's Hono app: served by Node, so a request also carries Node's response object. */
export type ServiceBindings = {
  Bindings: Partial<HttpBindings> & {
    /** Set only by the agent endpoint for its in-process calls: the OAuth token's account. */
    agent?: {
      tokenHash: string;
      accountClientId: string;
      environment: string;
      /** The tool's operation: the only one the call may run, whatever its address spells. */
      operationId: OperationId;
      /** The tool call's `idempotencyKey` argument. */
      idempotencyKey?: string;
    };
  };
};
export type ServiceApp = Hono<ServiceBindings>;
