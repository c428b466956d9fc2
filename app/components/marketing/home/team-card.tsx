import { Users } from "lucide-react";
import { TEAM, TEAM_BIO } from "~/components/marketing/home/content";
import { Button } from "~/components/ui/button";
import { StaticDialog } from "~/components/marketing/static-dialog";

/**
 * 'Meet the team': the two portraits (illustrations), names and roles, and the 'Who are we?' dialog with
 * a short biography (a native dialog: components/marketing/static-dialog.tsx). It sits beside the headline on wide screens, so the portraits are not lazy-loaded; they
 * are fetched with a low priority (and not preloaded), so that the stylesheet and the headline come first.
 */
export function TeamCard() {
  return (
    <section aria-labelledby="team-title" className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
      <h2 id="team-title" className="text-xl font-semibold tracking-tight">
        Meet the team
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Two people, every article read and edited by hand.</p>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2">
        {TEAM.map((member) => (
          <li key={member.name} className="flex gap-4 sm:flex-col sm:items-center sm:text-center">
            <img
              src={member.image}
              alt={`Illustrated portrait of ${member.name}, ${member.role}`}
              width={96}
              height={96}
              decoding="async"
              fetchPriority="low"
              className="size-20 shrink-0 rounded-full bg-muted object-cover ring-4 ring-primary/10 sm:size-24"
            />
            <div>
              <h3 className="font-semibold">{member.name}</h3>
              <p className="text-sm font-medium text-primary">{member.role}</p>
              <p className="mt-2 text-sm text-muted-foreground">{member.summary}</p>
            </div>
          </li>
        ))}
      </ul>
      <StaticDialog
        title={TEAM_BIO.title}
        description={TEAM_BIO.intro}
        trigger={(props) => (
          <Button type="button" variant="outline" size="lg" className="mt-6 w-full" {...props}>
            <Users aria-hidden="true" />
            Who are we?
          </Button>
        )}
      >
        <div className="space-y-3 text-sm leading-relaxed">
          {TEAM_BIO.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </StaticDialog>
    </section>
  );
}
