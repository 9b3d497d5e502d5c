import { type Context } from "hono";
import type pg from "pg";
import { type OperationDefinition, type OperationId } from "@/lib/api/contract/operations";
import { type ServiceBindings, type ServiceContext } from "../context";
import { controlsActOn } from "../sandbox/controls-scope";
import { type Caller, type Charge } from "../core";
import { type CallTrace } from "../observability/service-tracing";

/** The input of a call as it arrived (fingerprinted for replays) and as the contract parsed it. */
export interface CallInput {
  raw: { params: unknown; query: unknown; body: unknown };
  parsed: { params: unknown; query: unknown; body: unknown };
}

/**
 * One call of one operation on its way through the pipeline: what the stages have learnt so
 * far, and the database connection that carries it. Each stage reads what earlier stages set.
 */
export class Call {
  readonly op: OperationDefinition;
  readonly requestId: string;
  /** When the call arrived by the instance's clock. */
  readonly receivedAt: Date;
  /** The call's time: the instance's, moved by the sandbox test clocks once the caller is known. */
  now: Date;
  caller?: Caller;
  /** The caller is one this instance remembered: admission checks it in its first write (`count-attempt`). */
  callerUnverified = false;
  input?: CallInput;
  idempotencyKey?: string;
  fingerprint = "";
  /** Answered from an earlier completed request with the same Idempotency-Key. */
  replayed = false;
  /** Whether the call's transaction is open (and the Client's lock held in it). */
  private transactionOpen = false;
  /** Whether the request's body (if it has one) has been read; an unread one ends the connection. */
  bodyRead = false;
  charge?: Charge;
  result?: {
    status: number;
    data?: unknown;
    checkedBody?: string;
    checkedStream?: ReadableStream<Uint8Array>;
    headers?: Record<string, string>;
  };
  /** The sandbox fault rule that fired on this call, if one did. */
  faultRuleId?: string;
  /** A fault rule wants the job this call creates to fail with this embedded error. */
  jobFailure?: { code: string; message: string };
  /** A fault rule closed the connection: before the call did anything, or once it committed. */
  drop?: "before" | "after_commit";
  /** The answer's body, serialised once (and kept for replay); none for `304`; a long list streams. */
  body?: string | ReadableStream<Uint8Array> | null;
  /** Headers of the answer, gathered by the stages that decide them. */
  headers: Record<string, string> = {};
  private conn?: pg.PoolClient;
  private healthy = true;

  constructor(
    readonly operationId: OperationId,
    op: OperationDefinition,
    readonly http: Context<ServiceBindings>,
    readonly service: ServiceContext,
    requestId: string,
    now: Date,
    /** The trace the call belongs to: its log lines carry it. */
    readonly trace: CallTrace,
  ) {
    this.op = op;
    this.requestId = requestId;
    this.receivedAt = now;
    this.now = now;
  }

  /** The call's connection, taken from the pool when first needed. */
  async connection(): Promise<pg.PoolClient> {
    this.conn ??= await this.service.database.pool.connect();
    return this.conn;
  }

  get inTransaction(): boolean {
    return this.transactionOpen;
  }

  /**
   * The call's transaction was opened, with its locks, by a message admission sent (it travels
   * with other statements, so it is begun there; it is ended only by `commit` and `rollback`).
   */
  transactionOpened() {
    this.transactionOpen = true;
  }

  /** Commits the call's transaction, if one is open: its charge, work and replay record together. */
  async commit() {
    if (!this.transactionOpen) return;
    await (await this.connection()).query("COMMIT");
    this.transactionOpen = false;
  }

  /** Rolls the call's transaction back, if one is open: the call leaves nothing behind. */
  async rollback() {
    if (!this.transactionOpen) return;
    await (await this.connection()).query("ROLLBACK");
    this.transactionOpen = false;
  }

  /** Gives the connection back (a body may arrive slowly; no connection waits for it). */
  release() {
    this.conn?.release(!this.healthy);
    this.conn = undefined;
  }

  /** After an unexpected failure the connection may be mid-transaction or gone: never reused. */
  markBroken() {
    this.healthy = false;
  }

  /**
   * Sets who calls; from then on the call's time follows the sandbox clocks (instance, Master),
   * where the controls act on the caller's calls.
   */
  identify(caller: Caller) {
    this.caller = caller;
    const master = caller.parent ?? caller.client;
    this.now = new Date(
      this.instanceNow.getTime() + (this.sandboxControlsAct ? master.sandboxClockOffsetMs : 0),
    );
  }

  /** Whether the sandbox controls (clocks, fault rules, journal) act on this caller's calls. */
  get sandboxControlsAct(): boolean {
    return controlsActOn(this.service.config.sandboxControls, this.who.environment);
  }

  /**
   * The call's time on the instance's clock alone, without its Master's own: what a grant between
   * two families runs on, so neither family's clock reaches the other.
   */
  get instanceNow(): Date {
    const offset = this.sandboxControlsAct ? this.who.instanceClockOffsetMs : 0;
    return new Date(this.receivedAt.getTime() + offset);
  }

  /** Closes the caller's connection without an answer (a sandbox fault rule's dropped connection). */
  dropConnection() {
    this.http.env?.incoming?.socket.destroy();
  }

  /** The caller, which every stage after authentication may rely on. */
  get who(): Caller {
    if (!this.caller) throw new Error("the call has no caller yet");
    return this.caller;
  }
}

/** A step of the pipeline: it learns something about the call, or answers it and ends it. */
export type Stage = (call: Call) => Promise<Response | undefined | void>;
