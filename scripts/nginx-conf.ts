import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MAX_BODY_BYTES, TOO_LARGE } from "@/service/pipeline/request-input";
import { ROOT } from "./launcher";

/**
 * `deploy/nginx.conf` filled for one machine: its working directory under `prefix` (temp paths
 * made), the two upstreams' servers and where it listens. The cluster launcher and the tests of
 * nginx's behaviour run the same file.
 */
export function writeNginxConf(opts: {
  prefix: string;
  consoles: string[];
  services: string[];
  consoleListen: string;
  serviceListen: string;
}): string {
  for (const dir of ["tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"])
    mkdirSync(path.join(opts.prefix, dir), { recursive: true });
  const template = readFileSync(path.join(ROOT, "deploy", "nginx.conf"), "utf8");
  const upstream = (addresses: string[]) =>
    addresses.map((a) => `    server ${a} max_fails=0;`).join("\n");
  const file = path.join(opts.prefix, "nginx.conf");
  writeFileSync(
    file,
    template
      .replaceAll("{{PREFIX}}", opts.prefix)
      .replace("{{CONSOLE_SERVERS}}", upstream(opts.consoles))
      .replace("{{SERVICE_SERVERS}}", upstream(opts.services))
      .replace("{{CONSOLE_LISTEN}}", opts.consoleListen)
      .replace("{{SERVICE_LISTEN}}", opts.serviceListen)
      .replace("{{MAX_BODY_BYTES}}", String(MAX_BODY_BYTES))
      .replace("{{TOO_LARGE_ANSWER}}", JSON.stringify(TOO_LARGE))
      // Started by another user than root, nginx runs as that user and would only warn about
      // the `user` line; as root, its workers run as nobody.
      .replace(/^user .*;\n/m, process.getuid?.() === 0 ? "$&" : ""),
  );
  return file;
}
