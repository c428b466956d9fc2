import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { DEMO_ARTICLE_MESSAGE, DEMO_ARTICLE_TITLE } from "~/lib/review-state";

/** Shown instead of any review action on a demo/test page (hide_revisions_texts_from_preview). */
export function DemoArticleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{DEMO_ARTICLE_TITLE}</AlertDialogTitle>
          <AlertDialogDescription>{DEMO_ARTICLE_MESSAGE}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction>OK</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
