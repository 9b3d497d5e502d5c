import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

const svc = serviceForThisFile();

describe("malformed requests never reach a 500", () => {
  const post = (opts: Parameters<typeof http>[3]) =>
    http(svc.url, "POST", "/client/users", { key: svc.keys["master-admin"], ...opts });

  it("answers invalid_json for a broken body", async () => {
    const res = await post({ rawBody: "{name:", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_json");
  });

  it("answers 415 for another media type", async () => {
    const res = await post({
      rawBody: "name=x",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe("unsupported_media_type");
  });

  it("answers 413 for a body over 1 MiB", async () => {
    const res = await post({ body: { name: "x".repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("payload_too_large");
  });

  it("answers invalid_request for a JSON body of the wrong type", async () => {
    for (const rawBody of ["[]", '"name"', "null", "42"]) {
      const res = await post({ rawBody, headers: { "Content-Type": "application/json" } });
      expect(res.status, rawBody).toBe(400);
      expect(res.body.error).toBe("invalid_request");
    }
  });

  it("refuses a query parameter given twice", async () => {
    const res = await http(svc.url, "GET", "/vdi?limit=1&limit=2", {
      key: svc.keys["master-admin"],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { location: "query", path: "limit", message: "must be given once" },
    ]);
  });

  it("keeps the request id on every answer", async () => {
    const res = await post({ rawBody: "{", headers: { "Content-Type": "application/json" } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never logs a key", async () => {
    await http(svc.url, "GET", "/ping", { key: svc.keys["master-admin"] });
    await http(svc.url, "GET", "/ping", { key: "svc_live_" + "A".repeat(32) });
    const logs = svc.logs.join("\n");
    expect(logs).toContain('"operationId":"getSystemStatus"');
    for (const key of Object.values(svc.keys)) expect(logs).not.toContain(key);
    expect(logs).not.toMatch(/svc_(live|test)_[0-9A-Za-z]/);
  });
});

/**
 * Sends raw bytes, keeping the connection open as a client still uploading would, and returns
 * the first answer once it is complete (or whatever arrived before the service closed).
 */
async function rawExchange(base: string, bytes: string | Buffer): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(bytes));
    let answer = "";
    const done = () => {
      socket.destroy();
      resolve(answer);
    };
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      const [head, body] = answer.split("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(head ?? "")?.[1];
      if (body !== undefined && length !== undefined && Buffer.byteLength(body) >= Number(length))
        done();
    });
    socket.on("close", done);
    socket.on("error", reject);
  });
}

function parseRaw(answer: string) {
  const [head, ...rest] = answer.split("\r\n\r\n");
  const status = Number(head!.split(" ")[1]);
  return {
    status,
    head: head!,
    body: JSON.parse(rest.join("\r\n\r\n")) as Record<string, unknown>,
  };
}

describe("request input named like object members", () => {
  const NAMES = ["constructor", "toString", "hasOwnProperty", "__proto__", "valueOf"];

  it("refuses a repeated query parameter of any name with 400, never 500", async () => {
    for (const name of NAMES) {
      const res = await http(svc.url, "GET", `/ping?${name}=1&${name}=2`, {
        key: svc.keys["master-admin"],
      });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ error: "invalid_request" });
      expect(res.body.issues).toEqual([
        { location: "query", path: name, message: "must be given once" },
      ]);
    }
  });

  it("treats such names in the query of a validated operation as unknown parameters", async () => {
    for (const name of NAMES) {
      const res = await http(svc.url, "GET", `/vdi?${name}=1`, { key: svc.keys.sandbox });
      expect([200, 400], name).toContain(res.status);
      expect(typeof res.body, name).toBe("object");
      if (res.status === 400) expect(res.body.error).toBe("invalid_request");
    }
  });

  it("refuses them as body fields of a closed request shape", async () => {
    for (const name of NAMES) {
      const res = await http(svc.url, "POST", "/client/users/cl_demo_berlin/keys", {
        key: svc.keys["master-admin"],
        rawBody: `{"label":"x","${name}":{"a":1}}`,
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toBe("invalid_request");
    }
  });

  it("answers with the documented codes when headers carry such names", async () => {
    for (const name of NAMES) {
      const res = await http(svc.url, "GET", "/ping", {
        key: svc.keys["master-admin"],
        headers: { [name.replace(/_/g, "x")]: "1", "Idempotency-Key": name },
      });
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toBe("idempotency_key_not_supported");
    }
  });
});

describe("refusals made by the HTTP layer carry {error, message}", () => {
  it("answers 431 with JSON when the headers are over the limit", async () => {
    const headers = Array.from({ length: 10_000 }, (_, i) => `X-Filler-${i}: 0123456789`).join(
      "\r\n",
    );
    const answer = parseRaw(
      await rawExchange(svc.url, `GET /ping HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({
      error: "request_headers_too_large",
      message: expect.stringContaining("16384 bytes"),
    });
  });

  it("answers 400 malformed_request for a request line that is not HTTP", async () => {
    const answer = parseRaw(await rawExchange(svc.url, "HELLO THERE\r\n\r\n"));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("malformed_request");
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it.each([
    [
      "an unusable Host header",
      "GET /ping HTTP/1.1\r\nHost: exa mple\r\nConnection: close\r\n\r\n",
    ],
    [
      "a broken chunked body",
      "POST /client/users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
    ],
  ])("answers 400 malformed_request for %s", async (_, request) => {
    const answer = parseRaw(await rawExchange(svc.url, request));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("malformed_request");
  });
});

describe("request bodies are bounded", () => {
  const big = (bytes: number) => `{"name":"${"x".repeat(bytes)}"}`;

  it("refuses an anonymous upload before reading it", async () => {
    const answer = parseRaw(
      await rawExchange(
        svc.url,
        // 100 MB announced, only a few bytes sent: the answer must not wait for the rest.
        "POST /client/users HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{}",
      ),
    );
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe("api_key_missing");
    expect(answer.head).toMatch(/connection: close/i);
  });

  it("refuses a declared Content-Length over 1 MiB before reading the body", async () => {
    const answer = parseRaw(
      await rawExchange(
        svc.url,
        `POST /client/users HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${svc.keys["master-admin"]}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{}`,
      ),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe("payload_too_large");
  });

  it("refuses a chunked body as soon as it passes 1 MiB, and answers the next request", async () => {
    const chunk = "x".repeat(64 * 1024);
    const parts = Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const answer = parseRaw(
      await rawExchange(
        svc.url,
        `POST /client/users HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${svc.keys["master-admin"]}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${parts.join("")}0\r\n\r\n`,
      ),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe("payload_too_large");
    expect((await http(svc.url, "GET", "/ping", { key: svc.keys["master-admin"] })).status).toBe(
      200,
    );
  });

  // A body that never ends: each route must answer once its limit is passed. A route that read
  // the whole body before measuring it would wait here for ever, holding what had arrived.
  it.each([
    ["an OAuth registration", "/oauth/register", "application/json", 400],
    ["an OAuth token request", "/oauth/token", "application/x-www-form-urlencoded", 400],
    ["a pilot sign-in", "/pilot/sign-in", "application/x-www-form-urlencoded", 413],
    [
      "a vehicle confirmation",
      "/vin/redirect/rs_unknown",
      "application/x-www-form-urlencoded",
      200,
    ],
  ])(
    "refuses %s that never ends once it passes the route's limit",
    async (_, path, type, status) => {
      const chunk = "x".repeat(16 * 1024);
      const parts = Array.from({ length: 4 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      const answer = await rawExchange(
        svc.url,
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nTransfer-Encoding: chunked\r\n\r\n${parts.join("")}`,
      );
      expect(Number(answer.split(" ")[1])).toBe(status);
    },
  );

  it("ends the connection after an OAuth body over its limit, as it says", async () => {
    for (const path of ["/oauth/token", "/oauth/register", "/oauth/revoke"]) {
      const answer = parseRaw(
        await rawExchange(
          svc.url,
          `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 9000\r\n\r\n{}`,
        ),
      );
      expect(answer.status, path).toBe(400);
      expect(answer.head, path).toMatch(/connection: close/i);
    }
  });

  it("accepts a body just under the limit", async () => {
    const res = await http(svc.url, "POST", "/client/users/cl_demo_berlin/keys", {
      key: svc.keys["master-admin"],
      rawBody: big(1024 * 1024 - 100),
      headers: { "Content-Type": "application/json" },
    });
    // Read and judged: the shape is wrong, the size is not.
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_request");
  });
});

describe("input PostgreSQL cannot carry", () => {
  it("refuses the NUL character in a path, query or body with 400, naming where", async () => {
    const key = svc.keys["master-admin"];
    const inPath = await http(svc.url, "GET", "/vehicles/%00", { key });
    expect(inPath.status).toBe(400);
    expect(inPath.body.issues).toEqual([
      { location: "path", path: "svcId", message: "must not contain the NUL character" },
    ]);
    const inQuery = await http(svc.url, "GET", "/parts/oe/normalize?oeNumber=1K0%00", { key });
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.issues).toEqual([
      { location: "query", path: "oeNumber", message: "must not contain the NUL character" },
    ]);
    const inBody = await http(svc.url, "POST", "/client/users/cl_demo_berlin/keys", {
      key,
      rawBody: '{"label":"a\\u0000b"}',
      headers: { "Content-Type": "application/json" },
    });
    expect(inBody.status).toBe(400);
    expect(inBody.body.issues).toEqual([
      { location: "body", path: "label", message: "must not contain the NUL character" },
    ]);
  });
});

describe("a client that leaves before its body arrives", () => {
  it("is logged as the client's doing, never as the service's error", async () => {
    const before = svc.logs.length;
    for (const head of [
      `POST /client/users HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${svc.keys["master-admin"]}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"n`,
      "POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngra",
    ]) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(new URL(svc.url).port), "127.0.0.1", () => {
          socket.write(head);
          setTimeout(() => socket.destroy(), 100);
        });
        socket.on("close", () => resolve());
        socket.on("error", reject);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = svc.logs
      .slice(before)
      .map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.filter((l) => l.msg === "the client left before its body arrived")).toHaveLength(
      2,
    );
    // The service still answers.
    expect((await http(svc.url, "GET", "/ping", { key: svc.keys["master-admin"] })).status).toBe(
      200,
    );
  });
});
