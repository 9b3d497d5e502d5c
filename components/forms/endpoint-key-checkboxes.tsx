"use client";

import { type UseFormRegisterReturn } from "react-hook-form";
import { BILLABLE_ENDPOINT_KEYS } from "@/lib/api/contract/common";
import { FieldErrorText } from "./field-error-text";

/** The billable endpoint keys as a checkbox group bound to one form field, with its error. */
export function EndpointKeyCheckboxes({
  legend,
  registration,
  error,
}: {
  legend: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const errorId = `${registration.name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 md:grid-cols-3">
        {BILLABLE_ENDPOINT_KEYS.map((k) => (
          <label key={k} className="flex items-center gap-2">
            <input type="checkbox" value={k} className="h-4 w-4" {...registration} />
            <code className="break-all">{k}</code>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          <FieldErrorText error={error} />
        </p>
      ) : null}
    </fieldset>
  );
}
