// Vitest runs server code directly; Next's "server-only" guard only makes sense in its bundler.
export {};
