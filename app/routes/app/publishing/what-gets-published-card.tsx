import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { WORDPRESS_STATUS_LABELS } from "~/lib/publishing";
import type { PublishingSettings } from "./types";

/** What gets published: the site's own settings (content type, WordPress status, featured image), read only. */
export function WhatGetsPublishedCard({ site }: { site: PublishingSettings["site"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>What gets published</CardTitle>
        <CardDescription>From the site's settings (Edit site on the site's page).</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Published as</dt>
            <dd className="font-medium">{site.contentType === "page" ? "Pages" : "Posts"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">WordPress status</dt>
            <dd className="font-medium">{WORDPRESS_STATUS_LABELS[site.defaultStatus] ?? site.defaultStatus}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Featured image</dt>
            <dd className="font-medium">{site.autoPublishImage ? "The chosen cover image" : "None"}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
