/** The bounds of a password, shared by the forms (in the browser) and the server. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
