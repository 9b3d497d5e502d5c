/**
 * `npm run build`: the console's production build, marked with the hash of its sources, so the
 * next `npm start` (and every test launcher after it) uses it instead of building again.
 */
import { buildConsole } from "./launcher";

await buildConsole(process.env);
