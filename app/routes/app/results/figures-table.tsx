/**
 * A table of the results' figures (issue 17): the ranking, the share of voice, the charts' figures, the report's
 * tables. Its caption names it for screen readers (and for its accessible name); the header row is the columns.
 */
import { cn } from "~/lib/utils";

export function FiguresTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: React.ReactNode;
  columns: React.ReactNode[];
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <table className={cn("w-full text-sm", className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-left text-muted-foreground">
        <tr className="border-b">
          {columns.map((column, i) => (
            <th key={i} scope="col" className="py-2 pr-3 font-medium last:pr-0">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
