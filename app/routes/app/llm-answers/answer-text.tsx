import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { LLM_TEXTS, truncateWords } from "~/lib/llm-rules";

/** An answer, cut to 150 words with a Show more / Show less toggle when longer; line breaks kept. */
export function AnswerText({ answer }: { answer: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const cut = truncateWords(answer);
  const full = answer ?? "";
  return (
    <div className="min-w-0">
      <p id={id} className="text-sm leading-relaxed break-words whitespace-pre-line">
        {cut.truncated && !expanded ? cut.text : full.trim()}
      </p>
      {cut.truncated ? (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto px-0 py-1"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? LLM_TEXTS.showLess : LLM_TEXTS.showMore}
        </Button>
      ) : null}
    </div>
  );
}
