import { type Context } from "hono";
import { type ServiceApp, type ServiceBindings } from "./context";

/**
 * A route of a subsystem beside the interface's operations (the agent endpoint, its
 * authorisation server, the sandbox controls): its method, its path and the name of its handler.
 */
export type RouteOf<Handlers> = readonly [
  method: "get" | "post" | "delete",
  path: string,
  handler: keyof Handlers,
];

/** Mounts every route of a table below `prefix`; `answer` runs the named handler for a request. */
export function mountRoutes<Handlers>(
  app: ServiceApp,
  routes: readonly RouteOf<Handlers>[],
  answer: (handler: keyof Handlers, c: Context<ServiceBindings>) => Response | Promise<Response>,
  prefix = "",
) {
  for (const [method, path, handler] of routes)
    app[method](`${prefix}${path}`, (c) => answer(handler, c));
}
