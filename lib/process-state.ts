/**
 * State shared by the whole console process. Next.js bundles pages, server actions and route
 * handlers apart, and each bundle runs its own copy of a module: a module-level variable is one
 * per bundle. What must be one per process (the per-key queue of calls to the service, the
 * Sub-users index a change must clear, the store's connection pool) is kept here, created once
 * under `name`. Only data and objects whose classes no caller tests with `instanceof`: a class
 * is one per bundle too.
 */
export function processState<State extends object>(name: string, create: () => State): State {
  const key = Symbol.for(`vpmi-console:${name}`);
  const holder = globalThis as unknown as Record<symbol, State | undefined>;
  return (holder[key] ??= create());
}
