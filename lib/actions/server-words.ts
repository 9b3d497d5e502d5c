import "server-only";
import { createTranslator, type NamespaceKeys, type NestedKeyOf, type Messages } from "next-intl";
import { getTranslations } from "next-intl/server";
import en from "@/messages/en.json";

/**
 * The messages of one namespace in the request's language, for server code that words a
 * refusal or a notice (an action, a page's read). Outside a request (a unit test calling the
 * code directly) there is no language to read, and English is used.
 */
export async function serverWords<N extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  namespace: N,
) {
  try {
    return await getTranslations(namespace);
  } catch {
    return createTranslator({ locale: "en", messages: en, namespace }) as unknown as Awaited<
      ReturnType<typeof getTranslations<N>>
    >;
  }
}
