import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { initials } from "~/lib/user";
import { cn } from "~/lib/utils";

export function UserAvatar({
  name,
  email,
  image,
  className,
}: {
  name: string | null;
  email: string;
  image: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn("size-9", className)}>
      {image ? <AvatarImage src={image} alt="" /> : null}
      <AvatarFallback className="bg-primary/10 text-sm font-semibold text-primary">{initials(name, email)}</AvatarFallback>
    </Avatar>
  );
}
