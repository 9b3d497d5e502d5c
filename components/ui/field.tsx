import { type ComponentProps, type ElementType, type ReactNode, useId } from "react";
import { FieldErrorText } from "@/components/forms/field-error-text";

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
          <FieldErrorText error={error} />
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

/** A field whose control `control` draws with the attributes that tie it to its label. */
function Field({
  label,
  hint,
  error,
  id,
  wrapperClassName,
  control: draw,
}: FieldProps & { id?: string; control: (aria: ReturnType<typeof useControl>) => ReactNode }) {
  const aria = useControl(id, hint, error);
  return (
    <FieldShell id={aria.id} {...{ label, hint, error }} className={wrapperClassName}>
      {draw(aria)}
    </FieldShell>
  );
}

/** A field whose control is the element `Tag`, with every attribute of that element. */
function fieldOf<Tag extends "input" | "select" | "textarea">(Tag: Tag) {
  const Control = Tag as ElementType;
  return function LabelledField({
    label,
    hint,
    error,
    id,
    wrapperClassName,
    className = "",
    ...props
  }: ComponentProps<Tag> & FieldProps) {
    return (
      <Field
        {...{ label, hint, error, id, wrapperClassName }}
        control={(aria) => <Control {...aria} className={`${control} ${className}`} {...props} />}
      />
    );
  };
}

export const TextField = fieldOf("input");
export const TextAreaField = fieldOf("textarea");
const SelectControl = fieldOf("select");

/** A choice of a select: its value, shown as is, or its value and the words shown for it. */
export type Choice = string | readonly [value: string, words: string];

/** A select; `choices` are listed after the options given as children (an "all" option, say). */
export function SelectField({
  choices = [],
  children,
  ...props
}: ComponentProps<typeof SelectControl> & { choices?: readonly Choice[] }) {
  return (
    <SelectControl {...props}>
      {children}
      {choices.map((choice) => {
        const [value, words] = typeof choice === "string" ? [choice, choice] : choice;
        return (
          <option key={value} value={value}>
            {words}
          </option>
        );
      })}
    </SelectControl>
  );
}
