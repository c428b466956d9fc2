import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Card, CardContent } from "~/components/ui/card";
import { emailLocalPart } from "~/lib/user";

/** The display name: the full name, else the part of the e-mail before the @, else 'Utilisateur'. */
export function profileDisplayName(name: string | null | undefined, email: string | null | undefined): string {
  return name?.trim() || (email ? emailLocalPart(email).trim() : "") || "Utilisateur";
}

/** The avatar's fallback: the first letter of the e-mail, uppercased. */
export function profileInitial(email: string | null | undefined): string {
  return ([...(email?.trim() ?? "")][0] ?? "U").toUpperCase();
}

export function ProfileCard({ user }: { user: { name: string | null; email: string; image: string | null } }) {
  const displayName = profileDisplayName(user.name, user.email);
  return (
    <Card>
      <CardContent className="flex items-center gap-4">
        <Avatar className="size-16" data-testid="profile-avatar">
          {user.image ? <AvatarImage src={user.image} alt="" /> : null}
          <AvatarFallback className="bg-primary/10 text-2xl font-semibold text-primary">{profileInitial(user.email)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate text-lg font-medium" data-testid="profile-name">
            {displayName}
          </p>
          <p className="truncate text-sm text-muted-foreground" data-testid="profile-email">
            {user.email}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
