import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { NotFoundBody } from "~/lib/not-found";

/** Error boundary of the signed-in screens: the spec's not-found wording, or a generic failure. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  let title = "Something went wrong";
  let message = "Please reload the page. If the problem persists, try again in a few minutes.";
  if (isRouteErrorResponse(error) && error.status === 404) {
    const body = error.data as Partial<NotFoundBody> | undefined;
    title = body?.title ?? "Not found";
    message = body?.message ?? "The requested record does not exist or you don't have permission to access it.";
  }
  return (
    <div className="mx-auto max-w-xl py-10">
      <Card className="items-center gap-3 px-6 py-10 text-center" role="alert">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{message}</p>
        <Button asChild variant="outline">
          <Link to="/sites">
            <ArrowLeft aria-hidden="true" /> Back to My Sites
          </Link>
        </Button>
      </Card>
    </div>
  );
}
