import { useTranslations } from "next-intl";
import { type ReactNode } from "react";
import { AllFields } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";
import { type VisionOperation } from "../_lib/vision-kinds";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown) => (typeof v === "string" && v ? v : undefined);
type ResultT = ReturnType<typeof useTranslations<"vision.result">>;
const percentOf = (t: ResultT) => (v: unknown) =>
  typeof v === "number" ? t("percent", { value: String(Math.round(v * 100)) }) : undefined;
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
export function captionOf(
  operation: VisionOperation,
  path: string,
  result: Obj,
  t: ResultT,
): string {
  const view = /^views\.(\d+)\.imageUrl$/.exec(path);
  if (view) {
    const name = text(obj(list(result.views)[Number(view[1])]).view);
    return name ? t("damageOnView", { view: words(name) }) : t("damageOnStandardView");
  }
  switch (operation) {
    case "removePartBackground":
    case "removeVehicleBackground":
    case "composePartImage":
    case "redactIdentifiers":
      return t(`captions.${operation}`);
    default:
      return t("captions.other");
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
  const t = useTranslations("vision.result");
  const percent = percentOf(t);
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  switch (operation) {
    case "describeDamage": {
      const damages = list(result.damages).map(obj);
      return damages.length ? (
        <ul className="list-disc pl-5">
          {damages.map((d, i) => (
            <li key={i}>
              {t.rich("damageOn", {
                type: words(text(d.type) ?? t("damage")).replace(/^./, (c) => c.toUpperCase()),
                area: text(d.area) ?? t("vehicle"),
                severity: text(d.severity) ? `, ${text(d.severity)}` : "",
                strong,
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("noDamage")}</p>
      );
    }
    case "gradePartQuality":
      return (
        <p>
          {t.rich("grade", {
            grade: text(result.grade) ?? t("notGiven"),
            confidence: percent(result.confidence)
              ? t("confidenceBracket", { percent: percent(result.confidence)! })
              : "",
            strong: (chunks) => <strong className="text-2xl">{chunks}</strong>,
          })}
        </p>
      );
    case "removePartBackground":
    case "removeVehicleBackground":
      return result.found === false ? (
        <p>
          {t("noneFound", {
            subject: operation === "removeVehicleBackground" ? "vehicle" : "part",
          })}
        </p>
      ) : (
        <p>
          {t("removed", {
            coverage: percent(result.coverage)
              ? t("coverage", {
                  subject: operation === "removeVehicleBackground" ? "vehicle" : "part",
                  percent: percent(result.coverage)!,
                })
              : "",
          })}
        </p>
      );
    case "classifyEndOfLifeVehicle":
      return (
        <p>
          {t.rich("classified", {
            classification:
              result.classification === "end_of_life"
                ? t("endOfLife")
                : result.classification === "repairable"
                  ? t("repairable")
                  : words(text(result.classification) ?? t("notGiven")),
            strong,
          })}
        </p>
      );
    case "createConditionReport":
      return (
        <div>
          <p>
            {t.rich("overall", {
              overall: words(text(result.overall) ?? t("notGiven")),
              strong,
            })}
          </p>
          <ul className="list-disc pl-5">
            {list(result.items)
              .map(obj)
              .map((item, i) => (
                <li key={i}>
                  {t("item", {
                    area: text(item.area) ?? t("itemVehicle"),
                    finding: text(item.finding) ?? t("noFinding"),
                  })}
                </li>
              ))}
          </ul>
        </div>
      );
    case "readLicensePlate":
      return (
        <p>
          {t.rich("plate", {
            plate: text(result.plate) ?? t("notRead"),
            country: text(result.country) ? ` (${text(result.country)})` : "",
            confidence: percent(result.confidence)
              ? t("confidenceComma", { percent: percent(result.confidence)! })
              : "",
            strong: (chunks) => <strong className="font-mono text-lg">{chunks}</strong>,
          })}
        </p>
      );
    case "redactIdentifiers": {
      const kinds = list(result.redactedRegions).map((r) => words(text(obj(r).kind) ?? t("area")));
      return (
        <p>{kinds.length ? t("covered", { kinds: kinds.join(", ") }) : t("nothingCovered")}</p>
      );
    }
    case "composePartImage":
      return <p>{t("composite")}</p>;
    case "transferPartDamage":
      return <p>{t("transferred", { count: String(list(result.views).length) })}</p>;
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
  const t = useTranslations("vision.result");
  const images = imagesOf(result);
  const limitations = list(result.limitations);
  return (
    <div className="space-y-3" data-testid="vision-result">
      {caveat ? (
        <Alert tone="info" title={t("caveatTitle")}>
          {caveat}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_1fr]">
        {/^(https:|data:image\/)/.test(input) ? (
          <Figure src={input} caption={t("imageSent")} />
        ) : (
          <p className="text-xs text-slate-600">{t("notPreviewed")}</p>
        )}
        <div className="space-y-3 text-sm" data-testid="vision-finding">
          <Finding operation={operation} result={result} />
          {images.length ? (
            <div className="flex flex-wrap gap-3" data-testid="vision-images">
              {images.map((img) => (
                <Figure
                  key={img.path}
                  src={img.src}
                  caption={captionOf(operation, img.path, result, t)}
                />
              ))}
            </div>
          ) : null}
        </div>
      </div>
      {limitations.length ? (
        <div className="text-sm">
          <h3 className="font-medium">{t("limitations")}</h3>
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
