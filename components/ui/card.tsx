import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";

export function Card({
  title,
  actions,
  children,
  className = "",
  headingLevel = 2,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      className={`min-w-0 rounded-lg border border-slate-200 bg-white p-5 shadow-sm ${className}`}
      aria-label={title}
    >
      {title || actions ? (
        <div className="mb-3 flex items-center justify-between gap-4">
          {title ? <Heading className="text-base font-semibold">{title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** A step of the way to a page: a link to where it leads, or the page itself. */
export type Crumb = { href: string; label: string } | string;

export function PageHeader({
  title,
  description,
  actions,
  trail,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Where this page sits, from its section down to itself. */
  trail?: readonly Crumb[];
}) {
  return (
    <>
      {trail ? (
        <p className="mb-2 text-sm">
          {trail.map((crumb, i) => (
            <span key={i}>
              {i > 0 ? " / " : null}
              {typeof crumb === "string" ? (
                crumb
              ) : (
                <Link href={crumb.href} className="text-brand-700 underline">
                  {crumb.label}
                </Link>
              )}
            </span>
          ))}
        </p>
      ) : null}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{title}</h1>
          {description ? (
            <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
          ) : null}
        </div>
        {actions}
      </div>
    </>
  );
}
