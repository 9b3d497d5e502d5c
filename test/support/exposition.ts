/** One sample of a Prometheus text exposition. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of an exposition (comments left aside), as a scraper reads them. */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the sample with this name and exactly these labels (0 when absent). */
export function sampleValue(text: string, name: string, labels: Record<string, string>): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = parseExposition(text).find(
    (s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted,
  );
  return found?.value ?? 0;
}
