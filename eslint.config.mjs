import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/** Pages prefetch on intent, not on sight: see components/ui/link.tsx. */
const ONE_LINK = {
  name: "next/link",
  message: "Use Link from @/components/ui/link: it prefetches when a person reaches for a link.",
};

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
      "no-restricted-imports": ["error", { paths: [ONE_LINK] }],
    },
  },
  {
    // Shared layers never reach into a route: a feature lives in its route folder, and what
    // several features share lives in components/ or lib/.
    files: ["components/**", "lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [ONE_LINK],
          patterns: [
            {
              regex: "^(@/app/|(\\.\\./)+app/)",
              message: "components/ and lib/ never import from app/: move the shared piece here.",
            },
          ],
        },
      ],
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
          patterns: [
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
    // The domain is below the stages: it shares their words through service/core, never a stage.
    files: ["service/domain/**"],
    ignores: ["service/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(pipeline|routes)(/|$)",
              message:
                "service/domain never imports a pipeline stage or a route: use service/core.",
            },
          ],
        },
      ],
    },
  },
  {
    // Command-line programs print to the terminal on purpose.
    files: ["scripts/**", "bench/**", "service/main.ts", "lib/log/**"],
    rules: { "no-console": "off" },
  },
];

export default config;
