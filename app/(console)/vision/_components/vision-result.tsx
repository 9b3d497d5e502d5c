import { AllFields } from "@/components/operations/value-list";
import { Alert } from "@/components/ui/alert";

type Obj = Record<string, unknown>;

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

/**
 * A vision answer: its images (inline images shown; an image elsewhere is linked, since the
 * console never fetches other sites' images into its pages), coverage and limitations, then every
 * field.
 */
export function VisionResult({ result, caveat }: { result: Obj; caveat?: string }) {
  const images = imagesOf(result);
  const limitations = Array.isArray(result.limitations) ? result.limitations : [];
  return (
    <div className="space-y-3" data-testid="vision-result">
      {caveat ? (
        <Alert tone="info" title="What this answer is not">
          {caveat}
        </Alert>
      ) : null}
      {result.found === false ? (
        <Alert tone="info" title="Nothing found">
          The service found no subject in the image, so it returned no image.
        </Alert>
      ) : null}
      {images.length ? (
        <ul className="flex flex-wrap gap-3">
          {images.map((img) => (
            <li key={img.path} className="text-xs text-slate-600">
              {img.src.startsWith("data:image/") ? (
                // eslint-disable-next-line @next/next/no-img-element -- an inline image from the answer
                <img
                  src={img.src}
                  alt={`Result image at ${img.path}`}
                  className="max-h-48 max-w-full rounded border border-slate-200"
                />
              ) : (
                <a className="text-brand-700 underline" href={img.src} rel="noreferrer noopener">
                  Open the result image ({img.path})
                </a>
              )}
              <span className="block">{img.path}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {"coverage" in result ? (
        <p className="text-sm">Coverage: {JSON.stringify(result.coverage)}</p>
      ) : null}
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
