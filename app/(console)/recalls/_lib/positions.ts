import { parseOeLines } from "@/app/(console)/jobs/_lib/job-forms";

/** One position per OE number typed on its own line: order and duplicates kept, blank lines dropped. */
export const positionsOf = (text: string) => parseOeLines(text).map((oeNumber) => ({ oeNumber }));
