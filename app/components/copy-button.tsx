import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { notify } from "~/lib/notify";

/** Copies a text; the icon confirms for 2 seconds (spec part 2, section 9). */
export function CopyButton({ text, label, toastTitle }: { text: string; label: string; toastTitle: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      notify({ type: "success", title: toastTitle });
    } catch {
      notify({ type: "error", title: "Copy failed" });
    }
  }

  return (
    <Button type="button" variant="ghost" size="icon" onClick={copy} aria-label={label}>
      {copied ? <Check className="text-green-700" aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
