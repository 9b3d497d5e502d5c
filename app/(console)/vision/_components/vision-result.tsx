import { AllFields } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";
import { type VisionOperation } from "../_lib/vision-kinds";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);
const percent = (v: unknown) =>
  typeof v === "number" ? `${Math.round(v * 100)} percent` : undefined;
const words = (v: string) => v.replaceAll("_", " ");

/** Every image the answer carries, with where it sits (`imageUrl`, `views.1.imageUrl`, …). */
export function imagesOf(value: unknown, path = ""): { path: string; src: string }[] {
  if (typeof value === "string")
    return /^(data:image\/|https?:\/\/)/.test(value) && /imageUrl$/i.test(path)
      ? [{ path, src: value }]
      : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => imagesOf(v, `${path}.${i}`));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([k, v]) => imagesOf(v, path ? `${path}.${k}` : k));
  return [];
}

/** What the answer's image at `path` shows, in words, by the operation that made it. */
export function captionOf(operation: VisionOperation, path: string, result: Obj): string {
  const view = /^views\.(\d+)\.imageUrl$/.exec(path);
  if (view) {
    const name = text(obj(list(result.views)[Number(view[1])]).view);
    return name ? `The damage shown on the ${words(name)} view` : "The damage on a standard view";
  }
  switch (operation) {
    case "removePartBackground":
      return "The part without its background";
    case "removeVehicleBackground":
      return "The vehicle without its background";
    case "composePartImage":
      return "The part composite";
    case "redactIdentifiers":
      return "The image with its identifiers covered";
    default:
      return "An image of the answer";
  }
}

function Figure({ src, caption }: { src: string; caption: string }) {
  return (
    <figure className="text-xs text-slate-600">
      {/* eslint-disable-next-line @next/next/no-img-element -- an image the user or the answer named */}
      <img
        src={src}
        alt={caption}
        className="max-h-48 max-w-full rounded border border-slate-200 bg-slate-50"
      />
      <figcaption className="mt-1">{caption}</figcaption>
    </figure>
  );
}

/** The answer's main finding, first and in words; the full answer follows below it. */
function Finding({ operation, result }: { operation: VisionOperation; result: Obj }) {
  switch (operation) {
    case "describeDamage": {
      const damages = list(result.damages).map(obj);
      return damages.length ? (
        <ul className="list-disc pl-5">
          {damages.map((d, i) => (
            <li key={i}>
              <strong>
                {words(text(d.type) ?? "damage").replace(/^./, (c) => c.toUpperCase())}
              </strong>{" "}
              on the {text(d.area) ?? "vehicle"}
              {text(d.severity) ? `, ${text(d.severity)}` : ""}
            </li>
          ))}
        </ul>
      ) : (
        <p>No damage was found.</p>
      );
    }
    case "gradePartQuality":
      return (
        <p>
          Quality grade <strong className="text-2xl">{text(result.grade) ?? "not given"}</strong>
          {percent(result.confidence) ? ` (confidence ${percent(result.confidence)})` : ""}
        </p>
      );
    case "removePartBackground":
    case "removeVehicleBackground":
      return result.found === false ? (
        <p>
          No {operation === "removeVehicleBackground" ? "vehicle" : "part"} was found in the image,
          so no image was made.
        </p>
      ) : (
        <p>
          Background removed
          {percent(result.coverage)
            ? `: the ${operation === "removeVehicleBackground" ? "vehicle" : "part"} covers ${percent(result.coverage)} of the image`
            : ""}
          .
        </p>
      );
    case "classifyEndOfLifeVehicle":
      return (
        <p>
          Classified as{" "}
          <strong>
            {result.classification === "end_of_life"
              ? "end of life"
              : result.classification === "repairable"
                ? "repairable"
                : words(text(result.classification) ?? "not given")}
          </strong>
          .
        </p>
      );
    case "createConditionReport":
      return (
        <div>
          <p>
            Overall condition: <strong>{words(text(result.overall) ?? "not given")}</strong>
          </p>
          <ul className="list-disc pl-5">
            {list(result.items)
              .map(obj)
              .map((item, i) => (
                <li key={i}>
                  {text(item.area) ?? "Vehicle"}: {text(item.finding) ?? "no finding"}
                </li>
              ))}
          </ul>
        </div>
      );
    case "readLicensePlate":
      return (
        <p>
          Plate <strong className="font-mono text-lg">{text(result.plate) ?? "not read"}</strong>
          {text(result.country) ? ` (${text(result.country)})` : ""}
          {percent(result.confidence) ? `, confidence ${percent(result.confidence)}` : ""}
        </p>
      );
    case "redactIdentifiers": {
      const kinds = list(result.redactedRegions).map((r) => words(text(obj(r).kind) ?? "area"));
      return <p>{kinds.length ? `Covered: ${kinds.join(", ")}.` : "Nothing needed covering."}</p>;
    }
    case "composePartImage":
      return <p>A composite image of the part was made.</p>;
    case "transferPartDamage":
      return <p>The damage was drawn onto {list(result.views).length} standard views.</p>;
  }
}

/**
 * A vision answer: the image sent beside the main finding, the answer's images captioned by what
 * they show, its limitations, then every field of the answer.
 */
export function VisionResult({
  operation,
  input,
  result,
  caveat,
}: {
  operation: VisionOperation;
  /** The image address the answer is about. */
  input: string;
  result: Obj;
  caveat?: string;
}) {
  const images = imagesOf(result);
  const limitations = list(result.limitations);
  return (
    <div className="space-y-3" data-testid="vision-result">
      {caveat ? (
        <Alert tone="info" title="What this answer is not">
          {caveat}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_1fr]">
        {/^(https:|data:image\/)/.test(input) ? (
          <Figure src={input} caption="The image sent" />
        ) : (
          <p className="text-xs text-slate-600">
            The image sent is not previewed: the console shows https images only.
          </p>
        )}
        <div className="space-y-3 text-sm" data-testid="vision-finding">
          <Finding operation={operation} result={result} />
          {images.length ? (
            <div className="flex flex-wrap gap-3" data-testid="vision-images">
              {images.map((img) => (
                <Figure
                  key={img.path}
                  src={img.src}
                  caption={captionOf(operation, img.path, result)}
                />
              ))}
            </div>
          ) : null}
        </div>
      </div>
      {limitations.length ? (
        <div className="text-sm">
          <h3 className="font-medium">Limitations</h3>
          <ul className="list-disc pl-5" data-testid="vision-limitations">
            {limitations.map((l, i) => (
              <li key={i}>{typeof l === "string" ? l : JSON.stringify(l)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <AllFields value={result} />
    </div>
  );
}
