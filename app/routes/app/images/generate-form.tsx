import { Sparkles } from "lucide-react";
import { useState } from "react";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { IMAGE_MESSAGES, MAX_IMAGES, MIN_IMAGES, parseNumberOfImages, toggleSelectedExample } from "~/lib/image-rules";
import { cn } from "~/lib/utils";
import { type ImagesActionResult, type ShownImage } from "./types";

/** The Generate New Image form: queues a create_cover_image request (the result is not shown here). */
export function GenerateImageForm({ examples }: { examples: ShownImage[] }) {
  const fetcher = useToastFetcher<ImagesActionResult>();
  const [numberOfImages, setNumberOfImages] = useState("1");
  const [generatePrompt, setGeneratePrompt] = useState(false);
  const [useInitialPhoto, setUseInitialPhoto] = useState(false);
  const [comments, setComments] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  const busy = fetcher.state !== "idle";
  // An example deleted meanwhile is no longer selected.
  const selectedExample = examples.some((e) => e.id === selected) ? selected : null;

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        const count = parseNumberOfImages(numberOfImages);
        setNumberOfImages(String(count));
        fetcher.submit(
          {
            intent: "generate",
            numberOfImages: String(count),
            generatePrompt: String(generatePrompt),
            useInitialPhoto: String(useInitialPhoto),
            comments,
            imageExampleId: useInitialPhoto && selectedExample !== null ? String(selectedExample) : "",
          },
          { method: "post" },
        );
      }}
    >
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor="numberOfImages">Number of images</Label>
        <Input
          id="numberOfImages"
          name="numberOfImages"
          type="number"
          inputMode="numeric"
          min={MIN_IMAGES}
          max={MAX_IMAGES}
          step={1}
          value={numberOfImages}
          onChange={(event) => setNumberOfImages(event.target.value)}
          onBlur={() => setNumberOfImages(String(parseNumberOfImages(numberOfImages)))}
          aria-describedby="numberOfImages-hint"
        />
        <p id="numberOfImages-hint" className="text-xs text-muted-foreground">
          From {MIN_IMAGES} to {MAX_IMAGES}.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="generatePrompt" checked={generatePrompt} onCheckedChange={setGeneratePrompt} />
        <Label htmlFor="generatePrompt">Generate prompt</Label>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="useInitialPhoto" checked={useInitialPhoto} onCheckedChange={setUseInitialPhoto} />
        <Label htmlFor="useInitialPhoto">Use initial photo</Label>
      </div>
      {useInitialPhoto ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Example image to start from</legend>
          {examples.length === 0 ? (
            <p className="text-sm text-muted-foreground">{IMAGE_MESSAGES.noExamples}</p>
          ) : (
            <>
              <p className="text-xs text-muted-foreground">Click an image to select it; click it again to unselect it.</p>
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6" aria-label="Example images to start from">
                {examples.map((example, index) => {
                  const isSelected = selectedExample === example.id;
                  return (
                    <li key={example.id}>
                      <button
                        type="button"
                        aria-pressed={isSelected}
                        aria-label={`Use example image ${index + 1}`}
                        onClick={() => setSelected(toggleSelectedExample(selectedExample, example.id))}
                        className={cn(
                          "block aspect-square w-full overflow-hidden rounded-md border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                          isSelected ? "border-primary" : "border-transparent opacity-80 hover:opacity-100",
                        )}
                      >
                        <img src={example.imageUrl} alt={`Example ${index + 1}`} loading="lazy" className="size-full object-cover" />
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </fieldset>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="comments">Comments</Label>
        <Textarea
          id="comments"
          name="comments"
          rows={3}
          value={comments}
          onChange={(event) => setComments(event.target.value)}
          placeholder="What the image should show, its style, colours..."
        />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          <Sparkles aria-hidden="true" /> {busy ? "Requesting..." : "Generate Image"}
        </Button>
      </div>
    </form>
  );
}
