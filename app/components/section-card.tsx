import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * One section of a site or a page, as a card that is a link (the site's detail, the page's detail): its icon, its name,
 * what it holds, and, below, where it stands (a count, a state, work under way).
 */
export function SectionCard({
  to,
  icon: Icon,
  title,
  description,
  testId,
  children,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  description: string;
  testId?: string;
  children?: React.ReactNode;
}) {
  return (
    <Link to={to} className="group rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
      <Card className="h-full transition-shadow group-hover:shadow-md">
        <CardHeader>
          <div className="mb-2 grid size-10 place-items-center rounded-lg bg-primary/10">
            <Icon className="size-5 text-primary" aria-hidden="true" />
          </div>
          <CardTitle>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {children ? (
          <CardContent className="grid gap-1 text-sm font-medium" data-testid={testId}>
            {children}
          </CardContent>
        ) : null}
      </Card>
    </Link>
  );
}
