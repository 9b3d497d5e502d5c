/**
 * `npm run bench:fuzz`: 12,000 malformed requests (seeded; FUZZ_COUNT and FUZZ_SEED change them)
 * over every operation and the HTTP layer itself, against a fresh reference service. Prints the
 * answers by status and what must be zero: 5xx other than a documented 503, refusals without an
 * `{error, message}` body, and requests left without an answer.
 */
import { createLogger } from "@/lib/log/logger";
import { startBenchService } from "./bench-service";
import { generateMalformedRequests, runMalformedRequests } from "./fuzz/malformed-requests";

async function main() {
  const count = Number(process.env.FUZZ_COUNT ?? 12_000);
  const seed = Number(process.env.FUZZ_SEED ?? 1);
  const bench = await startBenchService("fuzz", createLogger("service", "error"));
  const { service, key } = bench;
  try {
    const requests = generateMalformedRequests(
      count,
      {
        master: key("master-admin"),
        sandbox: key("sandbox"),
        subUser: key("sub-user"),
        beneficiary: key("beneficiary"),
      },
      seed,
    );
    const started = performance.now();
    const figures = await runMalformedRequests(service.url, requests);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${figures.sent} requests (seed ${seed}) over ${figures.operationsCovered} operations and the HTTP layer in ${seconds.toFixed(1)} s`,
    );
    console.log("answers by status:", figures.byStatus);
    console.table({
      "5xx other than a documented 503": figures.serverErrors,
      "refusals without {error, message}": figures.refusalsWithoutBody,
      "requests without an answer": figures.noAnswer,
    });
    for (const example of figures.examples) console.log("  ", example);
    const ok = figures.serverErrors + figures.refusalsWithoutBody + figures.noAnswer === 0;
    console.log(ok ? "OK" : "FAILED");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await bench.stop();
  }
}

void main();
