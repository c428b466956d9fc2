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
      <Button asChild variant="ghost" size="sm" className="mb-2 -ml-2">
        <Link to={pagePath}>
          <ArrowLeft aria-hidden="true" /> {backLabel ?? `Back to ${page.name}`}
        </Link>
      </Button>
    </>
  );
}
