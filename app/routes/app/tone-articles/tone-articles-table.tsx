import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { contentPreview, type ToneArticleItem } from "./types";

/** The table of tone articles: Name, Parent Group, Content (cut, with 'Read' for the whole text). */
export function ToneArticlesTable({ articles }: { articles: ToneArticleItem[] }) {
  const [reading, setReading] = useState<ToneArticleItem | null>(null);
  if (articles.length === 0) {
    return (
      <Card className="items-center px-6 py-12 text-center text-sm text-muted-foreground">No tone articles found</Card>
    );
  }
  return (
    <Card className="gap-0 overflow-x-auto p-0">
      <table className="w-full text-sm" aria-label="Tone articles">
        <thead className="border-b bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Parent Group
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Content
            </th>
          </tr>
        </thead>
        <tbody>
          {articles.map((article) => {
            const preview = contentPreview(article.content);
            return (
              <tr key={article.id} className="border-b align-top last:border-0">
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  <span>{article.name}</span>
                  {article.own ? (
                    <Badge variant="secondary" className="ml-2 align-middle">
                      Yours
                    </Badge>
                  ) : null}
                </th>
                <td className="px-4 py-3 text-muted-foreground">{article.parentName ?? "—"}</td>
                <td className="px-4 py-3">
                  <span className="text-muted-foreground">{preview.text || "—"}</span>
                  {preview.truncated ? (
                    <Button
                      variant="link"
                      size="sm"
                      className="h-auto px-1 py-0"
                      aria-label={`Read ${article.name}`}
                      onClick={() => setReading(article)}
                    >
                      Read
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Dialog open={reading !== null} onOpenChange={(open) => !open && setReading(null)}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{reading?.name}</DialogTitle>
            <DialogDescription>{reading?.parentName ? `Parent Group: ${reading.parentName}` : "Tone group"}</DialogDescription>
          </DialogHeader>
          <div className="max-h-[60vh] overflow-y-auto text-sm whitespace-pre-wrap">{reading?.content}</div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
