/**
 * The signal a launcher sends a console process to say "stop being ready; you will be stopped
 * shortly" (SIGTERM then stops it, gracefully).
 */
export const DRAIN_SIGNAL = "SIGUSR2";
