import type { Language } from "@/lib/i18n/languages";
import type messages from "@/messages/en.json";

// English is the reference: a key missing from it, or a message asked for with an argument it
// does not name, fails the type check (`messages.test.ts` holds the other files to it).
declare module "next-intl" {
  interface AppConfig {
    Locale: Language;
    Messages: typeof messages;
  }
}
