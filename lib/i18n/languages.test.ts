import { describe, expect, it } from "vitest";
import { LANGUAGES, languageFromAcceptLanguage } from "./languages";

describe("languageFromAcceptLanguage", () => {
  it("gives only the languages offered", () => {
    expect(languageFromAcceptLanguage("de-DE,de;q=0.9", ["en"])).toBe("en");
  });

  it("takes the first language the console speaks, in the browser's order", () => {
    expect(languageFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8", LANGUAGES)).toBe("de");
    expect(languageFromAcceptLanguage("de-AT", LANGUAGES)).toBe("de");
    expect(languageFromAcceptLanguage("en-GB,de;q=0.5", LANGUAGES)).toBe("en");
    expect(languageFromAcceptLanguage("fr-FR,fr;q=0.9,de;q=0.7,en;q=0.3", LANGUAGES)).toBe("de");
    expect(languageFromAcceptLanguage("en;q=0.2,de;q=0.8", LANGUAGES)).toBe("de");
  });

  it("falls back to English for none, nothing, or nonsense", () => {
    expect(languageFromAcceptLanguage("fr, it", LANGUAGES)).toBe("en");
    expect(languageFromAcceptLanguage("", LANGUAGES)).toBe("en");
    expect(languageFromAcceptLanguage(null, LANGUAGES)).toBe("en");
    expect(languageFromAcceptLanguage("*", LANGUAGES)).toBe("en");
    expect(languageFromAcceptLanguage("🙂;q=1, ../../etc;q=0.9", LANGUAGES)).toBe("en");
    expect(languageFromAcceptLanguage("de;q=0", LANGUAGES)).toBe("en");
  });
});
