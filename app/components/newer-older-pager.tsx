import { Link } from "react-router";

/**
 * The links between the pages of a list shown newest first: "Plus récentes" and "Plus anciennes" (from past the end:
 * the last page); a list in another order names its links (`links`: the previous page's, then the next one's).
 */
export function NewerOlderPager({
  page,
  pages,
  href,
  label,
  links = ["Plus récentes", "Plus anciennes"],
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  label: string;
  links?: readonly [string, string];
}) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pages))} className="text-sm text-primary underline underline-offset-4">
          {links[0]}
        </Link>
      ) : (
        <span />
      )}
      {page < pages ? (
        <Link to={href(page + 1)} className="text-sm text-primary underline underline-offset-4">
          {links[1]}
        </Link>
      ) : null}
    </nav>
  );
}
