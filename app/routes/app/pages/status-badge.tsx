import { Badge } from "~/components/ui/badge";
import { statusBadge } from "~/lib/page-rules";

/** A page's status: Published solid, In Review outlined, Draft and others secondary, else 'Not defined'. */
export function StatusBadge({ name }: { name: string | null | undefined }) {
  const { label, variant } = statusBadge(name);
  return <Badge variant={variant}>{label}</Badge>;
}
