import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage } from "./languages";

describe("languageFromAcceptLanguage", () => {
  it("takes the first language the console speaks, in the browser's order", () => {
    expect(languageFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de");
    expect(languageFromAcceptLanguage("de-AT")).toBe("de");
    expect(languageFromAcceptLanguage("en-GB,de;q=0.5")).toBe("en");
    expect(languageFromAcceptLanguage("fr-FR,fr;q=0.9,de;q=0.7,en;q=0.3")).toBe("de");
    expect(languageFromAcceptLanguage("en;q=0.2,de;q=0.8")).toBe("de");
  });

  it("falls back to English for none, nothing, or nonsense", () => {
    expect(languageFromAcceptLanguage("fr, it")).toBe("en");
    expect(languageFromAcceptLanguage("")).toBe("en");
    expect(languageFromAcceptLanguage(null)).toBe("en");
    expect(languageFromAcceptLanguage("*")).toBe("en");
    expect(languageFromAcceptLanguage("🙂;q=1, ../../etc;q=0.9")).toBe("en");
    expect(languageFromAcceptLanguage("de;q=0")).toBe("en");
  });
});
