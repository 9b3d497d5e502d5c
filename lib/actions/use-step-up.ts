"use client";

import { createContext, useContext } from "react";
import { type ActionResult } from "./action-result";

/** Runs an action; when the server asks the person to confirm it is them first, asks and runs it again. */
export type WithStepUp = <T>(run: () => Promise<ActionResult<T>>) => Promise<ActionResult<T>>;

export const StepUpContext = createContext<WithStepUp | null>(null);

/** The console's step-up, or (outside the signed-in console) running the action as it is. */
export function useStepUp(): WithStepUp {
  return useContext(StepUpContext) ?? ((run) => run());
}
