import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { Breadcrumb } from "~/components/breadcrumb";
import { Button } from "~/components/ui/button";

/** The breadcrumb and the way back to the page detail, above each screen of a page. */
export function PageTrail({
  page,
  current,
  backLabel,
}: {
  page: { id: number; name: string; siteId: number; siteName: string };
  current: string;
  backLabel?: string;
}) {
  const pagePath = `/sites/${page.siteId}/pages/${page.id}`;
  return (
    <>
      <Breadcrumb
        items={[
          { label: "My Sites", to: "/sites" },
          { label: page.siteName, to: `/sites/${page.siteId}` },
          { label: "Pages", to: `/sites/${page.siteId}/pages` },
          { label: page.name, to: pagePath },
          { label: current },
        ]}
      />
      {/* A long page name wraps rather than widen the screen (the button's own text stays on one line). */}
      <Button
        asChild
        variant="ghost"
        size="sm"
        className="mb-2 -ml-2 h-auto min-h-8 max-w-full items-start py-1.5 text-left whitespace-normal"
      >
        <Link to={pagePath}>
          <ArrowLeft aria-hidden="true" className="mt-0.5" />{" "}
          <span className="min-w-0 [overflow-wrap:anywhere]">{backLabel ?? `Back to ${page.name}`}</span>
        </Link>
      </Button>
    </>
  );
}
