"use client";

import { useTranslations } from "next-intl";
import { type ComponentProps, type ReactNode } from "react";
import {
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from "react-hook-form";
import { FieldShell, SelectField, TextField } from "@/components/ui/field";
import { EndpointKeyCheckboxes } from "./endpoint-key-checkboxes";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and transformed values
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

interface Bound<T extends FieldValues> {
  /** The form (`useForm`'s result) the field belongs to. */
  of: AnyForm<T>;
  name: Path<T>;
  options?: RegisterOptions<T, Path<T>>;
}

const errorOf = <T extends FieldValues>(form: AnyForm<T>, name: Path<T>) =>
  (get(form.formState.errors, name) as { message?: string } | undefined)?.message;

/** A text field registered with its form: the error of its value shows next to it. */
export function FormText<T extends FieldValues>({
  of: form,
  name,
  options,
  ...props
}: Bound<T> & Omit<ComponentProps<typeof TextField>, "name" | "error" | "form">) {
  return <TextField error={errorOf(form, name)} {...props} {...form.register(name, options)} />;
}

/** A select registered with its form: the error of its value shows next to it. */
export function FormSelect<T extends FieldValues>({
  of: form,
  name,
  options,
  children,
  ...props
}: Bound<T> & Omit<ComponentProps<typeof SelectField>, "name" | "error" | "form">) {
  return (
    <SelectField error={errorOf(form, name)} {...props} {...form.register(name, options)}>
      {children}
    </SelectField>
  );
}

/** A multi-line field registered with its form, in a fixed-width font for codes. */
export function FormTextarea<T extends FieldValues>({
  of: form,
  name,
  label,
  hint,
  rows = 4,
}: Bound<T> & { label: string; hint?: ReactNode; rows?: number }) {
  const error = errorOf(form, name);
  const id = `field-${name}`;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        rows={rows}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...form.register(name)}
      />
    </FieldShell>
  );
}

/** The billable endpoint keys as checkboxes bound to one array field of its form. */
export function FormEndpointKeys<T extends FieldValues>({
  of: form,
  name,
  legend,
}: Bound<T> & { legend: string }) {
  return (
    <EndpointKeyCheckboxes
      legend={legend}
      registration={form.register(name)}
      error={errorOf(form, name)}
    />
  );
}

/** A monthly cap in euros (a grant's), empty for none. */
export function FormMonthlyCap<T extends FieldValues>({ of: form, name }: Bound<T>) {
  const t = useTranslations("forms.monthlyCap");
  return <FormText of={form} name={name} label={t("label")} inputMode="decimal" hint={t("hint")} />;
}

/** A checkbox registered with its form, its label beside it. */
export function FormCheckbox<T extends FieldValues>({
  of: form,
  name,
  children,
  className = "flex items-center gap-2 text-sm",
}: Bound<T> & { children: ReactNode; className?: string }) {
  return (
    <label className={className}>
      <input type="checkbox" className="h-4 w-4" {...form.register(name)} /> {children}
    </label>
  );
}
