import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/form-field";

/** The centred card of the auth screens. */
export function AuthCard({
  title,
  description,
  header,
  children,
}: {
  title: string;
  description: React.ReactNode;
  header?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle className="text-xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {header}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function AuthMain({ children }: { children: React.ReactNode }) {
  return <main className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-10">{children}</main>;
}

/** A field of a conform form (its `fields.x`): the id its error is tied to, and its messages. */
type PasswordField = { id: string; errors?: string[] };

/** A new password and its confirmation (sign-up and update-password screens). */
export function NewPasswordFields({
  label,
  fields,
  hint,
}: {
  label: string;
  fields: { password: PasswordField; confirmPassword: PasswordField };
  hint?: string;
}) {
  return (
    <>
      <FormField
        id={fields.password.id}
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={hint}
        error={fields.password.errors?.[0]}
      />
      <FormField
        id={fields.confirmPassword.id}
        label="Confirmer le mot de passe"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={fields.confirmPassword.errors?.[0]}
      />
    </>
  );
}
