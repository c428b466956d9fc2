import { useState } from "react";
import { FieldError } from "~/components/form-field";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";

export type SelectOption = { value: string; label: string };

/**
 * A labelled select (Radix) whose value a form receives through a hidden input named `name`. Given
 * `value`, the caller holds the choice; otherwise the field keeps its own, starting at `defaultValue`.
 * An error is tied to it (aria-describedby) and shown below.
 */
export function SelectField({
  id,
  name,
  label,
  options,
  value,
  defaultValue = "",
  onValueChange,
  placeholder,
  error,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  error?: string;
}) {
  const [own, setOwn] = useState(defaultValue);
  const current = value ?? own;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label id={labelId}>{label}</Label>
      <Select
        value={current || undefined}
        onValueChange={(next) => {
          setOwn(next);
          onValueChange?.(next);
        }}
      >
        <SelectTrigger className="w-full" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <input type="hidden" name={name} value={current} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
