import { getFormProps } from "@conform-to/react";
import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { IMAGE_MESSAGES, MAX_IMAGES, MIN_IMAGES, parseNumberOfImages, toggleSelectedExample } from "~/lib/image-rules";
import { generateImageSchema } from "~/lib/schemas/image";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { cn } from "~/lib/utils";
import type { action } from "../images";
import type { ShownImage } from "./propositions";

/**
 * The Generate New Image form: queues a create_cover_image request (the result is not shown here). It posts
 * intent=generate to the images action, which parses the same schema (lib/schemas/image.ts); the switches
 * and the chosen example post through hidden inputs of their own.
 */
export function GenerateImageForm({ examples }: { examples: ShownImage[] }) {
  const fetcher = useToastFetcher<typeof action>();
  const [form, fields] = useSchemaForm(generateImageSchema, { fetcher });
  const [numberOfImages, setNumberOfImages] = useState("1");
  const [generatePrompt, setGeneratePrompt] = useState(false);
  const [useInitialPhoto, setUseInitialPhoto] = useState(false);
  const [comments, setComments] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  const busy = fetcher.state !== "idle";
  // An example deleted meanwhile is no longer selected.
  const selectedExample = examples.some((e) => e.id === selected) ? selected : null;
  const formProps = getFormProps(form);
  const countId = fields.numberOfImages.id;

  return (
    <fetcher.Form
      method="post"
      {...formProps}
      className="grid gap-5"
      onSubmit={(event) => {
        // The count sent is clamped (the action clamps it too), and the field shows it so.
        setNumberOfImages(String(parseNumberOfImages(numberOfImages)));
        formProps.onSubmit(event);
      }}
    >
      <input type="hidden" name="intent" value="generate" />
      <input type="hidden" name="generatePrompt" value={String(generatePrompt)} />
      <input type="hidden" name="useInitialPhoto" value={String(useInitialPhoto)} />
      <input type="hidden" name="imageExampleId" value={useInitialPhoto && selectedExample !== null ? String(selectedExample) : ""} />
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor={countId}>Number of images</Label>
        <Input
          id={countId}
          name="numberOfImages"
          type="number"
          inputMode="numeric"
          min={MIN_IMAGES}
          max={MAX_IMAGES}
          step={1}
          value={numberOfImages}
          onChange={(event) => setNumberOfImages(event.target.value)}
          onBlur={() => setNumberOfImages(String(parseNumberOfImages(numberOfImages)))}
          aria-describedby={`${countId}-hint`}
        />
        <p id={`${countId}-hint`} className="text-xs text-muted-foreground">
          From {MIN_IMAGES} to {MAX_IMAGES}.
        </p>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={fields.generatePrompt.id} checked={generatePrompt} onCheckedChange={setGeneratePrompt} />
        <Label htmlFor={fields.generatePrompt.id}>Generate prompt</Label>
      </div>
      <div className="flex items-center gap-3">
        <Switch id={fields.useInitialPhoto.id} checked={useInitialPhoto} onCheckedChange={setUseInitialPhoto} />
        <Label htmlFor={fields.useInitialPhoto.id}>Use initial photo</Label>
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
        <Label htmlFor={fields.comments.id}>Comments</Label>
        <Textarea
          id={fields.comments.id}
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
    </fetcher.Form>
  );
}
