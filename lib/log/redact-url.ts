/**
 * What of an address may be written down (a log line, a span's attributes and name): the scheme,
 * host and the shape of the path, never a secret it carries. Invitation links carry their token
 * in the path (`/invite/<token>`); single sign-on, the agent connection and the VIN flow come back
 * with codes and states in the query. So every query value is replaced (the names stay, to say
 * what was there), and so is every path segment that is a secret: the one after a segment that
 * names one (`invite`), and any long random-looking one (a token or id of 20 characters or more,
 * with a digit or a capital letter). Route patterns (`/invite/[token]`) and short ids
 * (`cl_demo_northwind`) stay readable.
 */
export const REDACTED = "[redacted]";

/** Segments whose next segment is a secret, whatever it looks like. */
const SECRET_AFTER = new Set(["invite"]);

/** A token, digest or random id: long, of a URL-safe alphabet, not a plain word. */
const RANDOM_LOOKING = /^[A-Za-z0-9_-]{20,}$/;
const NOT_A_WORD = /[0-9A-Z]/;
/** A route pattern's parameter (`[token]`, `{clientId}`): a name, not a value. */
const PARAMETER = /^(\[[^\]]*\]|\{[^}]*\})$/;

function isSecretSegment(segment: string, previous: string | undefined): boolean {
  if (segment === "" || PARAMETER.test(segment)) return false;
  if (previous !== undefined && SECRET_AFTER.has(previous.toLowerCase())) return true;
  return RANDOM_LOOKING.test(segment) && NOT_A_WORD.test(segment);
}

function redactPath(path: string): string {
  const segments = path.split("/");
  return segments.map((s, i) => (isSecretSegment(s, segments[i - 1]) ? REDACTED : s)).join("/");
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      return eq < 0 || eq === pair.length - 1 ? pair : `${pair.slice(0, eq + 1)}${REDACTED}`;
    })
    .join("&");
}

const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i;

/**
 * An absolute address or a path (with its query and fragment) as it may be recorded: query
 * values, secret path segments, credentials in the authority and any fragment replaced.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf("#");
  const fragment = hash < 0 ? "" : hash === url.length - 1 ? "#" : `#${REDACTED}`;
  let rest = hash < 0 ? url : url.slice(0, hash);
  const q = rest.indexOf("?");
  const query = q < 0 ? "" : `?${redactQuery(rest.slice(q + 1))}`;
  rest = q < 0 ? rest : rest.slice(0, q);
  let origin = "";
  const m = ORIGIN.exec(rest);
  if (m) {
    const authority = m[2]!;
    const at = authority.lastIndexOf("@");
    origin = `${m[1]}${at < 0 ? authority : `${REDACTED}@${authority.slice(at + 1)}`}`;
    rest = rest.slice(m[0].length);
  }
  return `${origin}${redactPath(rest)}${query}${fragment}`;
}

/**
 * Addresses inside free text (a span's name `GET /invite/…`, `fetch GET http://…`, a message):
 * an absolute URL, a path, or a bare query string, each as `redactUrl` leaves it.
 */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]*|\/[^\s"'<>]*|\?[^\s"'<>=&]*=[^\s"'<>]*/gi;

export function redactUrlsIn(text: string): string {
  if (!text.includes("/") && !text.includes("?")) return text;
  return text.replace(URL_IN_TEXT, redactUrl);
}
