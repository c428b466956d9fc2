import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { BackLink, DetailField } from "~/components/detail-list";
import type { Route } from "./+types/account";
import { ConfirmDeleteDialog } from "~/components/confirm-dialog";
import { FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/native-select";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { BRAND_NAME } from "~/lib/constants";
import { banSchema, ROLE_LABELS, setRoleSchema } from "~/lib/schemas/team";
import { parseSubmission } from "~/lib/schemas/submission";
import { teamDateTime } from "~/lib/team-format";
import { errorToast, successToast } from "~/lib/toast";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { TeamAccountError, teamGetAccount, teamImpersonate, teamSetBanned, teamSetRole } from "~/models/team-users.server";
import { requireTeamMember, type TeamMember } from "~/services/auth.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  { title: `${loaded?.account.email ?? "Compte"} – Console – ${BRAND_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await requireTeamMember(request);
  const found = await teamGetAccount(member, params.userId ?? "");
  if (!found) throw data(null, { status: 404 });
  return { ...found, isAdmin: member.role === "admin", isSelf: member.id === found.account.id };
}

type Ctx = { request: Request; form: FormData; member: TeamMember; userId: string };

async function role({ request, form, member, userId }: Ctx) {
  const submission = parseSubmission(form, setRoleSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "Rôle inchangé" }) });
  await teamSetRole(member, request, userId, submission.value.role);
  return reply({ ok: true, toast: successToast("Rôle enregistré", ROLE_LABELS[submission.value.role]) });
}

async function ban({ request, form, member, userId }: Ctx) {
  const submission = parseSubmission(form, banSchema);
  if (submission.status !== "success") return reply({ ok: false, ...invalidForm(submission, { title: "Compte non banni" }) });
  await teamSetBanned(member, request, userId, true, submission.value.reason);
  return reply({ ok: true, toast: successToast("Compte banni", "Ses sessions et ses liens de relecture sont fermés ; il ne peut plus se connecter.") });
}

async function unban({ request, member, userId }: Ctx) {
  await teamSetBanned(member, request, userId, false);
  return reply({ ok: true, toast: successToast("Bannissement levé") });
}

async function impersonate({ request, member, userId }: Ctx) {
  const headers = await teamImpersonate(member, request, userId);
  throw await redirectWithToast(
    "/sites",
    { title: "Vous voyez le produit comme ce client", description: "Revenez à votre compte depuis le bandeau en bas de l'écran." },
    { headers },
  );
}

const INTENTS = { role, ban, unban, impersonate };

export async function action({ request, params }: Route.ActionArgs) {
  const member = await requireTeamMember(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, toast: errorToast("Action inconnue.", "Erreur") });
  return runIntent(
    INTENTS,
    intent,
    { request, form, member, userId: params.userId ?? "", user: member },
    {
      expected: [TeamAccountError],
      failed: (error) =>
        reply(
          {
            ok: false,
            toast: errorToast(
              error instanceof TeamAccountError ? error.message : "L'action n'a pas pu être faite. Rien n'a été modifié ; réessayez.",
              "Erreur",
            ),
          },
          error instanceof TeamAccountError ? 400 : 500,
        ),
    },
  );
}

export default function TeamAccount({ loaderData: { account, sites, isAdmin, isSelf } }: Route.ComponentProps) {
  return (
    <div className="grid max-w-4xl grid-cols-1 gap-6">
      <BackLink to="/team/accounts">Comptes</BackLink>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold [overflow-wrap:anywhere]">{account.name || account.email}</h1>
        <p className="text-muted-foreground [overflow-wrap:anywhere]">{account.email}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">
            <h2>Le compte</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            <DetailField label="Rôle">{ROLE_LABELS[account.role]}</DetailField>
            <DetailField label="Adresse">{account.emailVerified ? "Confirmée" : "À confirmer"}</DetailField>
            {account.role !== "client" ? (
              <DetailField label="Connexion en deux étapes">{account.twoFactorEnabled ? "Activée" : "Pas encore activée"}</DetailField>
            ) : null}
            <DetailField label="État">
              {account.banned ? (
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant="destructive">Banni</Badge>
                  {account.banReason ? <span>{account.banReason}</span> : null}
                </span>
              ) : (
                "Actif"
              )}
            </DetailField>
            <DetailField label="Créé le">{teamDateTime(account.createdAt)}</DetailField>
          </dl>
        </CardContent>
      </Card>

      <section aria-labelledby="account-sites" className="grid gap-3">
        <h2 id="account-sites" className="text-lg font-semibold">
          Sites ({sites.length})
        </h2>
        {sites.length ? (
          <ul className="grid gap-2">
            {sites.map((site) => (
              <li key={site.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3 text-sm">
                <span className="min-w-0">
                  <Link to={`/team/sites/${site.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    {site.name}
                  </Link>
                  <span className="block text-muted-foreground [overflow-wrap:anywhere]">{site.url}</span>
                </span>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/sites/${site.id}`} aria-label={`Ouvrir le site ${site.name}`}>
                    Ouvrir
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">Aucun site.</p>
        )}
      </section>

      {isAdmin && !isSelf ? <AdminActions account={account} /> : null}
    </div>
  );
}

function AdminActions({ account }: { account: Route.ComponentProps["loaderData"]["account"] }) {
  const roleFetcher = useToastFetcher<typeof action>();
  const banFetcher = useToastFetcher<typeof action>();
  const impersonation = useFetcher<typeof action>();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Administration</h2>
        </CardTitle>
        <CardDescription>Chaque action est écrite au journal de l'équipe.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <roleFetcher.Form method="post" className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="role" />
          <div className="grid gap-2">
            <Label htmlFor="account-role">Rôle</Label>
            <NativeSelect id="account-role" name="role" defaultValue={account.role} key={account.role}>
              {Object.entries(ROLE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={roleFetcher.state !== "idle"}>
            {roleFetcher.state !== "idle" ? "Enregistrement..." : "Enregistrer le rôle"}
          </Button>
        </roleFetcher.Form>

        {account.banned ? (
          <banFetcher.Form method="post">
            <input type="hidden" name="intent" value="unban" />
            <Button type="submit" variant="outline" disabled={banFetcher.state !== "idle"}>
              {banFetcher.state !== "idle" ? "Enregistrement..." : "Lever le bannissement"}
            </Button>
          </banFetcher.Form>
        ) : (
          <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
            <FormField
              id="ban-reason"
              label="Raison du bannissement (facultative)"
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            <Button type="button" variant="destructive" disabled={banFetcher.state !== "idle"} onClick={() => setConfirming(true)}>
              Bannir
            </Button>
            <ConfirmDeleteDialog
              open={confirming}
              title="Bannir ce compte ?"
              description={`${account.email} ne pourra plus se connecter ; ses sessions et les liens de relecture de ses sites seront fermés (lever le bannissement ne les rouvre pas). Ses données restent.`}
              busy={banFetcher.state !== "idle"}
              onCancel={() => setConfirming(false)}
              onConfirm={() => {
                banFetcher.submit({ intent: "ban", reason }, { method: "post" });
                setConfirming(false);
              }}
              labels={{ cancel: "Annuler", confirm: "Bannir", busy: "Enregistrement..." }}
            />
          </div>
        )}

        {account.role === "client" && !account.banned ? (
          <impersonation.Form method="post" className="grid gap-2">
            <input type="hidden" name="intent" value="impersonate" />
            <p className="text-sm text-muted-foreground">
              Ouvre une session en tant que ce client, pour voir exactement ce qu'il voit (une heure au plus). Un bandeau permet de revenir
              à votre compte.
            </p>
            <Button type="submit" variant="outline" className="w-fit" disabled={impersonation.state !== "idle"}>
              {impersonation.state !== "idle" ? "Ouverture..." : "Voir le produit comme ce client"}
            </Button>
          </impersonation.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
