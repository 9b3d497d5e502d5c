import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { http, serviceForThisFile } from "@/test/support/service-harness";

/**
 * The OpenAPI document is what the service enforces: a request built from `/openapi.json` alone
 * (its required parameters, headers and body fields, each with a value its schema allows) is
 * never refused for its shape. It may be refused for what it names (an unknown part, a job that
 * does not exist, a gate): those codes say nothing about the document. And what the document
 * promises is all the service sends: every field of a successful answer is declared.
 */
const svc = serviceForThisFile();

type Schema = Record<string, unknown>;

/** A value each pattern the document uses allows; a new pattern needs a line here. */
const PATTERN_EXAMPLES: [RegExp, () => string][] = [
  [/^\^\[A-HJ-NPR-Z0-9\]\{(17|3,17)\}\$$/, () => "WVWZZZ1KZ8W000001"],
  [/^\^\[A-Z\]\{2\}\$$/, () => "DE"],
  [/^\^\[A-Z\]\{3\}\$$/, () => "EUR"],
  [/^\^(\(\?!.*\))?\[A-Za-z0-9._-\]\{1,64\}\$$/, () => "ref-1"],
  [/^\^\[A-Za-z0-9_-\]\{1,64\}\$$/, () => "id_1"],
  [/\\d\{4\}-/, () => "2026-01-05T00:00:00Z"],
  [/\[0-9a-fA-F\]\{8\}/, () => randomUUID()],
];

const FORMAT_EXAMPLES: Record<string, () => string> = {
  uri: () => "https://files.example/vehicle-1.jpg",
  "date-time": () => "2026-01-05T00:00:00Z",
  uuid: () => randomUUID(),
  email: () => "buyer@example.com",
};

/** The smallest value `schema` allows: required properties only, the first of alternatives. */
function exampleOf(schema: Schema, at: string): unknown {
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives && !schema.type && !schema.properties) return exampleOf(alternatives[0]!, at);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string": {
      if (typeof schema.pattern === "string") {
        const found = PATTERN_EXAMPLES.find(([p]) => p.test(schema.pattern as string));
        if (!found) throw new Error(`${at}: no example for the pattern ${schema.pattern}`);
        return found[1]();
      }
      if (typeof schema.format === "string" && FORMAT_EXAMPLES[schema.format])
        return FORMAT_EXAMPLES[schema.format]!();
      return "x".repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    case "integer":
    case "number": {
      const min =
        typeof schema.minimum === "number"
          ? schema.minimum
          : typeof schema.exclusiveMinimum === "number"
            ? schema.exclusiveMinimum + 1
            : 1;
      return typeof schema.maximum === "number" ? Math.min(min, schema.maximum) : min;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    case "array": {
      const items = (schema.items ?? {}) as Schema;
      return Array.from({ length: Number(schema.minItems ?? 0) }, (_, i) =>
        exampleOf(items, `${at}.${i}`),
      );
    }
    case "object":
    case undefined: {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      // One of several fields required: the first alternative's; at least n fields: the first n.
      const oneOf = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
      for (const name of (oneOf?.[0]?.required as string[] | undefined) ?? []) required.add(name);
      for (const name of Object.keys(properties))
        if (required.size < Number(schema.minProperties ?? 0)) required.add(name);
      return Object.fromEntries(
        [...required].map((name) => [name, exampleOf(properties[name] ?? {}, `${at}.${name}`)]),
      );
    }
    default:
      throw new Error(`${at}: no example for the type ${String(type)}`);
  }
}

/** Codes that refuse a request for its shape: what a request the document allows never gets. */
const SHAPE_CODES = new Set([
  "invalid_request",
  "invalid_json",
  "unsupported_media_type",
  "invalid_vin",
  "invalid_return_url",
  "invalid_state",
  "invalid_oe_numbers",
  "idempotency_key_required",
  "invalid_idempotency_key",
]);

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: Schema;
  "x-one-of-required"?: string[];
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
  responses: Record<string, { content?: { "application/json"?: { schema: Schema } } }>;
  "x-master-only": boolean;
}

/** The schema a local `$ref` (`#/components/schemas/…`) names in `root`. */
const resolve = (ref: string, root: Schema) =>
  ref
    .replace(/^#\//, "")
    .split("/")
    .reduce((node, key) => node[key] as Schema, root);

/**
 * The fields of `value` (as paths: `.a.b[0].c`) that `schema` does not declare: a generated
 * client types them as `unknown`. A field is declared by a property, or by an
 * `additionalProperties` schema that says something (a loose object's `{}` says nothing).
 * `allOf` parts add their properties; of `anyOf`/`oneOf` alternatives, the best fit counts.
 */
function undeclared(value: unknown, schema: Schema, root: Schema, at: string): string[] {
  if (typeof schema.$ref === "string")
    return undeclared(value, resolve(schema.$ref, root), root, at);
  const { anyOf, oneOf, allOf, ...own } = schema as Schema &
    Partial<Record<"anyOf" | "oneOf" | "allOf", Schema[]>>;
  const joined = (a: Schema, b: Schema): Schema => ({
    ...a,
    ...b,
    properties: { ...(a.properties as Schema), ...(b.properties as Schema) },
  });
  if (allOf) return undeclared(value, allOf.reduce(joined, { ...own, anyOf, oneOf }), root, at);
  const alternatives = anyOf ?? oneOf;
  if (alternatives)
    return alternatives
      .map((alternative) => undeclared(value, joined(own, alternative), root, at))
      .reduce((best, paths) => (paths.length < best.length ? paths : best));
  if (Array.isArray(value))
    return value.flatMap((item, i) =>
      undeclared(item, (schema.items ?? {}) as Schema, root, `${at}[${i}]`),
    );
  if (typeof value !== "object" || value === null) return [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const extra = schema.additionalProperties;
  const typesExtra = typeof extra === "object" && extra !== null && Object.keys(extra).length > 0;
  return Object.entries(value).flatMap(([key, field]) => {
    if (Object.hasOwn(properties, key))
      return undeclared(field, properties[key]!, root, `${at}.${key}`);
    return typesExtra ? undeclared(field, extra as Schema, root, `${at}.${key}`) : [`${at}.${key}`];
  });
}

describe("requests built from /openapi.json", () => {
  it("are never refused for their shape, and answered with declared fields only", async () => {
    const document = (await http(svc.url, "GET", "/openapi.json")).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const refused: string[] = [];
    const undeclaredFields: string[] = [];
    const answered = new Map<number, number>();
    let sent = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const parameters = op.parameters ?? [];
        const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
          const p = parameters.find((x) => x.in === "path" && x.name === name)!;
          return encodeURIComponent(String(exampleOf(p.schema, `${op.operationId} ${name}`)));
        });
        const query = new URLSearchParams();
        const headers: Record<string, string> = {};
        // Required, or the first of a group of which one is required (`x-one-of-required`).
        const sentParameters = parameters.filter(
          (x) => x.in !== "path" && (x.required || x["x-one-of-required"]?.[0] === x.name),
        );
        for (const p of sentParameters) {
          const value = String(exampleOf(p.schema, `${op.operationId} ${p.name}`));
          if (p.in === "query") query.set(p.name, value);
          else headers[p.name] = p.name.toLowerCase() === "idempotency-key" ? randomUUID() : value;
        }
        const bodySchema = op.requestBody?.content["application/json"].schema;
        const res = await http(
          svc.url,
          method.toUpperCase(),
          `${path}${query.size ? `?${query}` : ""}`,
          {
            key: svc.keys["master-admin"],
            headers,
            ...(bodySchema ? { body: exampleOf(bodySchema, `${op.operationId} body`) } : {}),
          },
        );
        sent += 1;
        // A field the answer's schema does not declare is `unknown` to a generated client.
        const declared = op.responses[String(res.status)]?.content?.["application/json"]?.schema;
        if (res.status < 300 && declared && res.body !== undefined)
          for (const path of undeclared(res.body, declared, document as unknown as Schema, ""))
            undeclaredFields.push(
              `${op.operationId} ${res.status} ${path.replace(/\[\d+\]/g, "[]")}`,
            );
        answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
        const code = (res.body as { error?: string } | undefined)?.error;
        if (code && SHAPE_CODES.has(code))
          refused.push(
            `${method.toUpperCase()} ${template}: ${res.status} ${code} ${JSON.stringify((res.body as { issues?: unknown }).issues ?? (res.body as { message?: string }).message)}`,
          );
      }
    }
    console.warn(`sent ${sent}, answered by status`, Object.fromEntries(answered));
    expect(refused).toEqual([]);
    expect([...new Set(undeclaredFields)]).toEqual([]);
    // Most requests got past admission to their operation: the test is not vacuous.
    const succeeded = [...answered].filter(([s]) => s < 300).reduce((n, [, k]) => n + k, 0);
    expect(succeeded).toBeGreaterThan(sent / 2);
  });

  it("can learn what each parameter means from its description", async () => {
    const document = (await http(svc.url, "GET", "/openapi.json")).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const undescribed = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).flatMap((op) =>
        (op.parameters ?? [])
          .filter((p) => !p.description?.trim())
          .map((p) => `${op.operationId} ${p.in} ${p.name}`),
      ),
    );
    expect(undescribed).toEqual([]);
  });
});
