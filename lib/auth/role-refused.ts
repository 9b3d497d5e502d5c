/** A call the session's role does not allow, refused on the console's server before it reaches the service. */
export class RoleRefusedError extends Error {
  readonly code = "role_forbidden";
}
