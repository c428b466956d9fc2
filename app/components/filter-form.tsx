import { Form, Link } from "react-router";
import { NativeSelect } from "~/components/native-select";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/**
 * The filters of a console list: a GET form (the view lives in the URL), made again for each view (`view`) so
 * that "Effacer" empties its fields too; "Effacer" shows when `clearTo` is given.
 */
export function FilterForm(props: {
  label: string;
  view: string;
  className: string;
  loading: boolean;
  clearTo?: string | null;
  children: React.ReactNode;
}) {
  return (
    <Form key={props.view} method="get" aria-label={props.label} className={cn("grid gap-4 rounded-lg border p-4", props.className)}>
      {props.children}
      <div className="flex gap-2">
        <Button type="submit" disabled={props.loading}>
          {props.loading ? "Filtrage..." : "Filtrer"}
        </Button>
        {props.clearTo ? (
          <Button asChild variant="outline">
            <Link to={props.clearTo}>Effacer</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

/** A labelled choice of a filter form; `all` is the empty choice's label ("Tous"), none when every choice is a value. */
export function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: Record<string, string> | readonly { value: string; label: string }[];
  all?: string;
}) {
  const options = Array.isArray(props.options)
    ? (props.options as readonly { value: string; label: string }[])
    : Object.entries(props.options).map(([value, label]) => ({ value, label }));
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect id={props.id} name={props.name} defaultValue={props.value ?? ""}>
        {props.all ? <option value="">{props.all}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** A labelled text field of a filter form. */
export function FilterText(props: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  placeholder?: string;
  type?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name={props.name}
        type={props.type ?? "search"}
        defaultValue={props.value ?? ""}
        placeholder={props.placeholder}
      />
    </div>
  );
}
