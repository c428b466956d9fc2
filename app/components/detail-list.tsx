import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/** One line of a record's details (inside a <dl>): its label, and its value as written (line breaks kept). */
export function DetailField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** The way back from a record to its list. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" /> {children}
    </Link>
  );
}
