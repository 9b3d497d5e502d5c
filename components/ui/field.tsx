import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  forwardRef,
  useId,
} from "react";

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600";

interface FieldShellProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and the error next to the field, wired with aria attributes. */
export function FieldShell({ id, label, hint, error, children, className = "" }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The id of a field's control and the attributes that tie it to its hint or error. */
function useControl(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const fieldId = id ?? generated;
  return {
    id: fieldId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${fieldId}-error` : hint ? `${fieldId}-hint` : undefined,
  };
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  wrapperClassName?: string;
}

export const TextField = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & FieldProps
>(function TextField({ label, hint, error, id, wrapperClassName, className = "", ...props }, ref) {
  const aria = useControl(id, hint, error);
  return (
    <FieldShell id={aria.id} {...{ label, hint, error }} className={wrapperClassName}>
      <input ref={ref} {...aria} className={`${control} ${className}`} {...props} />
    </FieldShell>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & FieldProps
>(function SelectField(
  { label, hint, error, id, wrapperClassName, className = "", ...props },
  ref,
) {
  const aria = useControl(id, hint, error);
  return (
    <FieldShell id={aria.id} {...{ label, hint, error }} className={wrapperClassName}>
      <select ref={ref} {...aria} className={`${control} ${className}`} {...props} />
    </FieldShell>
  );
});

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps
>(function TextAreaField(
  { label, hint, error, id, wrapperClassName, className = "", ...props },
  ref,
) {
  const aria = useControl(id, hint, error);
  return (
    <FieldShell id={aria.id} {...{ label, hint, error }} className={wrapperClassName}>
      <textarea ref={ref} {...aria} className={`${control} ${className}`} {...props} />
    </FieldShell>
  );
});
