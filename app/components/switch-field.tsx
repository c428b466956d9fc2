import { useState } from "react";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";

/**
 * A labelled on/off switch with an optional hint tied to it. Its state is its own; a form receives
 * `name=on` while it is on, and nothing while it is off (like a checkbox).
 */
export function SwitchField({
  id,
  name,
  label,
  hint,
  defaultChecked = false,
  onCheckedChange,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const [checked, setChecked] = useState(defaultChecked);
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={(next) => {
          setChecked(next);
          onCheckedChange?.(next);
        }}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {checked ? <input type="hidden" name={name} value="on" /> : null}
    </div>
  );
}
