import {
  BarChart3,
  CheckCircle2,
  CircleDollarSign,
  FileText,
  Globe,
  ListTree,
  MessageSquare,
  MessageSquareWarning,
  RefreshCw,
} from "lucide-react";
import { useSubmit } from "react-router";
import { formatDateTime } from "~/lib/format";
import { NOTIFICATION_TEXTS, notificationHref, type NotificationKind, type NotificationLine } from "~/lib/notifications";
import { cn } from "~/lib/utils";

const ICONS: Record<NotificationKind, typeof FileText> = {
  outline_ready: ListTree,
  article_ready: FileText,
  revision_done: RefreshCw,
  article_published: Globe,
  guest_commented: MessageSquare,
  guest_approved: CheckCircle2,
  guest_asked_changes: MessageSquareWarning,
  client_approved: CheckCircle2,
  client_asked_changes: MessageSquareWarning,
  monthly_report: BarChart3,
  checks_capped: CircleDollarSign,
};

/** What a line says, in the screens' language (French). */
const lineText = (line: NotificationLine) => NOTIFICATION_TEXTS.fr[line.kind].line(line);

/**
 * One notification: its icon, its sentence and its date, unread ones in bold with a dot (and said so to screen
 * readers). A link to the page it is about; `onOpen` (when the script runs) marks it read on the way.
 */
export function NotificationLink({
  line,
  onOpen,
  className,
  onClick,
  ...rest
}: {
  line: NotificationLine;
  onOpen?: (line: NotificationLine, event: React.MouseEvent<HTMLAnchorElement>) => void;
} & Omit<React.ComponentProps<"a">, "href" | "children">) {
  const Icon = ICONS[line.kind];
  return (
    <a
      {...rest}
      href={notificationHref(line)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onOpen?.(line, event);
      }}
      className={cn(
        "flex min-w-0 items-start gap-3 rounded-md px-2 py-2 text-sm outline-none hover:bg-accent focus-visible:bg-accent",
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1">
        <span className={cn("block break-words", line.read ? "text-foreground/80" : "font-semibold")}>
          {line.read ? null : <span className="sr-only">Non lue : </span>}
          {lineText(line)}
        </span>
        <span className="block text-xs text-muted-foreground">{formatDateTime(line.createdAt)}</span>
      </span>
      {line.read ? null : <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />}
    </a>
  );
}

/**
 * Opens an unread notification through /notifications' action, which marks it read and then leads to its page
 * (one request). A read one, or one opened in another tab or window, is a plain link.
 */
export function useOpenNotification() {
  const submit = useSubmit();
  return (line: NotificationLine, event: React.MouseEvent<HTMLAnchorElement>) => {
    if (line.read || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void submit({ intent: "open", id: String(line.id), to: notificationHref(line) }, { method: "post", action: "/notifications" });
  };
}
