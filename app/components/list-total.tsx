/**
 * How many lines a paged list has, said once for every list of the console: "12 sites, page 1 sur 2.", the
 * message when none matches, and what a page past the end has.
 */
export function ListTotal(props: {
  total: number;
  /** Lines on this page. */
  shown: number;
  page: number;
  pages: number;
  /** The noun, singular and plural ("site", "sites"), and whether it is feminine ("aucune ligne"). */
  noun: readonly [string, string];
  feminine?: boolean;
  /** What to say when nothing matches. */
  empty: string;
}) {
  const { total, shown, page, pages, noun, feminine, empty } = props;
  const counted = `${total} ${total > 1 ? noun[1] : noun[0]}`;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {total === 0
        ? empty
        : shown === 0
          ? `${counted}, mais ${feminine ? "aucune" : "aucun"} sur cette page : la dernière est la page ${pages}.`
          : `${counted}${pages > 1 ? `, page ${page} sur ${pages}` : ""}.`}
    </p>
  );
}
