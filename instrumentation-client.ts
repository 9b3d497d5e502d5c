import { z } from "zod";

/**
 * Runs in the browser before the console hydrates. The console's CSP refuses `eval`; zod would
 * probe for it (`Function("")`) to compile faster parsers, and the browser reports every probe
 * as a policy violation. Parsers without that compilation are as correct, and fast enough for
 * forms.
 */
z.config({ jitless: true });
