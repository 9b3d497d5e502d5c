import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import i18next from "eslint-plugin-i18next";

/**
 * Pages prefetch on intent, not on sight: see components/ui/link.tsx. Next's Link is refused by
 * its name and by the path an editor's auto-import may offer.
 */
const ONE_LINK = ["next/link", "next/dist/client/link"].map((name) => ({
  name,
  message: "Use Link from @/components/ui/link: it prefetches when a person reaches for a link.",
}));

/**
 * The trust rules have one owner each (docs/people.md): a guard here fails when a second copy
 * starts to grow elsewhere.
 */
const TRUST_IMPORTS = [
  {
    name: "@/lib/auth/session",
    importNames: ["markSteppedUp"],
    message:
      "Only lib/people/step-up.ts marks a step-up, after a checked confirmation: setting up a factor never counts as one.",
  },
  {
    name: "openid-client",
    message:
      "Single sign-on goes through lib/people/single-sign-on.ts: its provider addresses are checked and its flows bound to a browser.",
  },
];
const TRUST_SYNTAX = [
  {
    selector: "Literal[value=/^x-(forwarded-for|real-ip)$/i]",
    message:
      "A request's source is requestOrigin() (lib/http): the console stamps X-Forwarded-For with the caller's address before anything reads it.",
  },
  {
    selector:
      "MemberExpression[object.name=/^(auditLog|requestLog|jobRecords|vinFlows|agentConnections|agentAuthorizations)$/][property.name='clientId']",
    message:
      "What the console keeps is read and written per organization: match organizationId, never clientId.",
  },
];

/**
 * Every visible word of a page comes from `messages/` (docs/languages.md): text in JSX, or in an
 * attribute or prop a person reads or hears, is refused. It does not see a literal inside an array
 * prop (`columns={["Name"]}`); the German browser tests' `expectNoEnglish()` does.
 */
const TRANSLATED = ["app/**/*.tsx", "components/**/*.tsx"];
const NO_LITERAL_TEXT = [
  "error",
  {
    mode: "jsx-only",
    // Addresses and ids shown as examples are no words.
    // Marks without a letter (`—`, `›`, `▲`), addresses shown as examples, and ids (`svcId`).
    words: { exclude: ["[^A-Za-zÀ-ÿ]+", "[A-Z_-]+", "https?://\\S+", "[a-z]+[A-Z]\\w*"] },
    "jsx-attributes": {
      // The attributes and props that carry words; the rest are names, classes and ids.
      include: [
        "aria-label",
        "aria-description",
        "title",
        "alt",
        "placeholder",
        "label",
        "pendingLabel",
        "hint",
        "description",
        "caption",
        "empty",
      ],
    },
    callees: {
      // The plugin's own list, and react-hook-form's calls, which take field names.
      exclude: [
        "i18n(ext)?",
        // A translator by any name (`t`, `tp`, `t.rich`, `text`), and role-words helpers.
        "t\\w*",
        "t\\w*\\.(rich|markup)",
        "text",
        "mayDo",
        "mayCall",
        "require",
        "addEventListener",
        "removeEventListener",
        "postMessage",
        "getElementById",
        "dispatch",
        "commit",
        "includes",
        "indexOf",
        "endsWith",
        "startsWith",
        "register",
        "watch",
        "setValue",
        "getValues",
        "setError",
        "clearErrors",
        "trigger",
      ],
    },
  },
];

/** A child killed by a signal keeps exitCode null: only hasExited() sees every ending. */
const EXIT_CODE = {
  selector: "BinaryExpression[left.property.name='exitCode'][right.raw='null']",
  message: "A child killed by a signal keeps exitCode null: ask hasExited() (scripts/launcher.ts).",
};

/** The service's memory bound on request bodies holds only where its one reader reads them. */
const BOUNDED_BODY = {
  selector:
    "CallExpression[callee.property.name=/^(text|json|parseBody|arrayBuffer|formData|blob)$/][callee.object.property.name=/^(req|raw)$/]",
  message:
    "Read a request body with readBodyOf (service/pipeline/request-input.ts): it refuses a body over its limit before holding it.",
};

/** Submitting an action from the browser has one owner: lib/actions/use-action-submit.ts. */
/** Pages speak the request's language: a refusal's words come from lib/auth/refusal-words. */
const TRANSLATED_REFUSALS = {
  name: "@/lib/auth/rights",
  importNames: ["roleRefusal", "dutyRefusal"],
  message:
    "These sentences are English: show roleRefusalIn/dutyRefusalIn (lib/auth/refusal-words) instead.",
};
const ONE_SUBMIT = {
  name: "react",
  // Every way React offers to track a submission's pending state by hand.
  importNames: ["useTransition", "startTransition", "useActionState", "useOptimistic"],
  message:
    "Submit with useActionSubmit (a form) or useActionCall (a button) from @/lib/actions/use-action-submit: they own pending state, step-up, the Idempotency-Key and a lost answer.",
};

const NO_APP_IMPORTS = {
  regex: "^(@/app/|(\\.\\./)+app/)",
  message: "components/ and lib/ never import from app/: move the shared piece here.",
};

/**
 * The boundary between the two programs (README, Layout). The console (app/, components/, lib/)
 * never imports service/; the service imports from lib/ only the folders both programs share, and
 * in those a file named `console-…` is the console's own (it may use Next.js; nothing else there
 * does). Tests, scripts/, bench/ and e2e/ may import both.
 */
const SHARED_LIB = [
  "api/contract", // the contract: schemas, the operations table, the OpenAPI document
  "cache", // bounded in-memory maps
  "config", // parsing configuration
  "db", // PostgreSQL helpers
  "demo", // the demo accounts' credentials
  "log", // the redacting logger
  "net", // addresses and ports
  "observability", // readiness and traces
  "security", // the bounds of password attempts
];
const SHARED_LIB_ONLY = {
  regex: `^(@/|(\\.\\./)+)lib/(?!(${SHARED_LIB.join("|")})/(?!console-))`,
  message: `This imports only the shared folders of lib/ (${SHARED_LIB.join(", ")}), never a console-… file: move what both programs need into one of them.`,
};
const NO_SERVICE_IMPORTS = {
  regex: "^(@/service(/|$)|(\\.{1,2}/)+service/)",
  message:
    "The console never imports service/: what both programs need lives in a shared folder of lib/ (SHARED_LIB in eslint.config.mjs).",
};
/** What a shared folder of lib/ holds runs in the service too, outside Next.js. */
const SHARED_LIB_SELF = [
  {
    regex: "^(next|server-only)(/|$)",
    message:
      "The service imports this folder: no Next.js here. Name a file only the console uses console-….",
  },
  {
    regex: "^\\.\\./",
    message: "Import another folder of lib/ as @/lib/…, so the boundary's rule sees it.",
  },
];
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];

/** A folder's no-restricted-imports, for its tests (which may drive the service) and the rest. */
function consoleImports(files, paths, patterns = []) {
  return [
    { files, rules: { "no-restricted-imports": ["error", { paths, patterns }] } },
    {
      files,
      ignores: TESTS,
      rules: {
        "no-restricted-imports": ["error", { paths, patterns: [...patterns, NO_SERVICE_IMPORTS] }],
      },
    },
  ];
}

const config = [
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "service/db/migrations/**",
      "next-env.d.ts",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      "no-restricted-imports": [
        "error",
        { paths: [...ONE_LINK, ...TRUST_IMPORTS], patterns: [NO_SERVICE_IMPORTS] },
      ],
      "no-restricted-syntax": ["error", ...TRUST_SYNTAX],
    },
  },
  // Shared layers never reach into a route: a feature lives in its route folder, and what
  // several features share lives in components/ or lib/.
  ...consoleImports(["components/**", "lib/**"], [...ONE_LINK, ...TRUST_IMPORTS], [NO_APP_IMPORTS]),
  // Pages and components submit through the one owner (ONE_SUBMIT). These blocks repeat the
  // restrictions above: a later block's no-restricted-imports replaces an earlier one.
  ...consoleImports(["app/**"], [...ONE_LINK, ...TRUST_IMPORTS, ONE_SUBMIT, TRANSLATED_REFUSALS]),
  ...consoleImports(
    ["components/**"],
    [...ONE_LINK, ...TRUST_IMPORTS, ONE_SUBMIT, TRANSLATED_REFUSALS],
    [NO_APP_IMPORTS],
  ),
  {
    // What the service imports from lib/ imports only what the service may.
    files: SHARED_LIB.map((folder) => `lib/${folder}/**`),
    ignores: ["**/console-*", ...TESTS],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [...ONE_LINK, ...TRUST_IMPORTS],
          patterns: [NO_APP_IMPORTS, NO_SERVICE_IMPORTS, SHARED_LIB_ONLY, ...SHARED_LIB_SELF],
        },
      ],
    },
  },
  {
    files: ["service/**", "scripts/**", "bench/**", "e2e/**", "test/**"],
    rules: { "no-restricted-imports": ["error", { paths: [...ONE_LINK] }] },
  },
  {
    files: ["service/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": ["error", { paths: [...ONE_LINK], patterns: [SHARED_LIB_ONLY] }],
    },
  },
  {
    // The pipeline runs any operation; it knows no route.
    files: ["service/pipeline/**"],
    ignores: ["service/pipeline/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [...ONE_LINK],
          patterns: [
            SHARED_LIB_ONLY,
            {
              regex: "(^|/)routes(/|$)",
              message: "service/pipeline never imports a route file.",
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is below the pipeline's steps: it shares their words through service/core.
    files: ["service/domain/**"],
    ignores: ["service/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [...ONE_LINK],
          patterns: [
            SHARED_LIB_ONLY,
            {
              regex: "(^|/)(pipeline|routes)(/|$)",
              message: "service/domain never imports a pipeline step or a route: use service/core.",
            },
          ],
        },
      ],
    },
  },
  {
    // The owners of the trust rules above, and what tests and programs outside the console do.
    files: [
      "lib/http/**",
      "lib/store/**",
      "service/**",
      "scripts/**",
      "bench/**",
      "e2e/**",
      "test/**",
      "**/*.test.ts",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["scripts/**", "bench/**", "e2e/**", "test/**", "service/**"],
    ignores: ["scripts/launcher.ts"],
    rules: { "no-restricted-syntax": ["error", EXIT_CODE] },
  },
  {
    files: ["service/**"],
    ignores: ["service/pipeline/request-input.ts", "service/**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", EXIT_CODE, BOUNDED_BODY] },
  },
  {
    files: ["lib/people/step-up.ts", "lib/people/single-sign-on.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [...ONE_LINK], patterns: [NO_APP_IMPORTS, NO_SERVICE_IMPORTS] },
      ],
    },
  },
  {
    // Command-line programs print to the terminal on purpose.
    // The cluster's tests print the figures they measured (killed instances, free answers).
    files: ["scripts/**", "bench/**", "service/main.ts", "lib/log/**", "e2e/cluster/**"],
    rules: { "no-console": "off" },
  },
];

config.push({
  files: TRANSLATED,
  plugins: { i18next },
  rules: { "i18next/no-literal-string": NO_LITERAL_TEXT },
});

// Amounts and dates are written once, in lib/i18n/formats.ts, in the reader's format and zone.
const ONE_FORMATTER =
  "Write amounts and dates with getFormats()/useFormats() (lib/i18n), in the reader's format and time zone.";
config.push({
  files: ["app/**", "components/**", "lib/**"],
  ignores: ["lib/i18n/**", "components/i18n/**", ...TESTS],
  rules: {
    "no-restricted-properties": [
      "error",
      { object: "Intl", property: "NumberFormat", message: ONE_FORMATTER },
      { object: "Intl", property: "DateTimeFormat", message: ONE_FORMATTER },
      { object: "Intl", property: "RelativeTimeFormat", message: ONE_FORMATTER },
      { property: "toLocaleString", message: ONE_FORMATTER },
      { property: "toLocaleDateString", message: ONE_FORMATTER },
      { property: "toLocaleTimeString", message: ONE_FORMATTER },
    ],
  },
});

export default config;
