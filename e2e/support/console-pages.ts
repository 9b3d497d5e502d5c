/**
 * Every console page a Master sees, with the demo data as seeded: swept for accessibility by the
 * browser tests and timed by `npm run bench:pages`.
 */
export const MASTER_PAGES = [
  "/",
  "/vin",
  "/jobs",
  "/jobs/new",
  "/jobs/new?kind=cart_check",
  "/jobs/new?kind=economic_evaluation",
  "/jobs/new?kind=part_image",
  "/sub-users",
  "/sub-users/cl_demo_berlin",
  "/sub-users/cl_demo_berlin/rate-limits",
  "/grants",
  "/grants/new",
  "/grants/issued/sonnenschein-vin",
  "/received-grants",
  "/workspaces",
  "/workspaces/new",
  "/usage",
  "/audit",
  "/intelligence",
  "/agent",
  "/requests",
  "/parts?oe=1K0+615+301+AA",
  "/parts?oe=1K0+615+301+AA&view=article",
  "/parts?oe=1K0615301AA&view=references",
  "/parts?oe=1K0+615+301+AA&view=price",
  "/catalogue?view=browse",
  // A refused translation: it renders the outcome without using the Master's translation quota,
  // which the usage tests count on.
  "/catalogue?view=translate&sourceLanguage=de&text=",
  "/recalls?vin=WVWZZZ1KZ8W000001&positions=1K0+615+301+AA",
  "/vehicles?vin=WVWZZZ1KZ8W000001",
  "/vehicles/intake",
  "/scanner",
  "/vision",
  "/sandbox",
  "/organization",
] as const;

/** Stands for one entry of the audit log, opened from its list (it has no fixed address). */
export const AUDIT_ENTRY = "audit-entry";
