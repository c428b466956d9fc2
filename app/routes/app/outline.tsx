/**
 * /sites/:siteId/pages/:pageId/outline (issue 16): the article's outline, before the article is written. The
 * client (or the team for them) reads the title, angle, h2/h3 plan, keywords and sources the writer proposed,
 * edits them, and approves: only then is the article written, from this outline. A new outline can be asked
 * for, saying what to change. Intents: save | approve (the outline form) and new-outline. Forms work without
 * JavaScript; with it, the plan's structure is previewed as it is typed. Below, the research of the page's keywords
 * (issue 39): the questions to answer, each saying whether a heading of the plan answers it, and the competitors'
 * outlines. Beside the outline, its evidence pack (issue 40): the passages the writer may cite, which the owner (or the
 * team) shapes: a passage taken out or put back (remove-passage, restore-passage), a source of their own added by
 * its address (add-source), read at once.
 */
import { getFormProps, type Submission } from "@conform-to/react";
import { CheckCircle2, ListTree, RefreshCw, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/outline";
import { FieldError } from "~/components/form-field";
import { PageHeader } from "~/components/page-header";
import { PageTrail } from "~/components/page-trail";
import { WorkNotice } from "~/components/pending-work";
import { RouteErrorBoundary } from "~/components/route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { BRAND_NAME } from "~/lib/constants";
import { formatDateTime, formatUsd } from "~/lib/format";
import { NotFoundError, PAGE_NOT_FOUND, parseId } from "~/lib/not-found";
import { OUTLINE_LIMITS, parsePlan, planText, type OutlineSection } from "~/lib/outline";
import { PENDING_TEXTS } from "~/lib/pending-work";
import { evidencePassageSchema, evidenceSourceSchema, newOutlineSchema, outlineSchema } from "~/lib/schemas/outline";
import { EVIDENCE_LIMITS } from "~/lib/sources/evidence";
import { parseSubmission } from "~/lib/schemas/submission";
import { errorToast, successToast } from "~/lib/toast";
import { usePollWhile } from "~/lib/use-poll";
import { useSchemaForm } from "~/lib/use-schema-form";
import { useToastFetcher } from "~/lib/use-toast-fetcher";
import { ownedPage, requireActor, requireOwnedPage } from "~/models/access.server";
import {
  getPageOutline,
  OutlineClosedError,
  OutlinePendingError,
  requestNewOutline,
  saveOutline,
  siteOutlineStep,
} from "~/models/outline.server";
import { addEvidenceSource, EvidenceSourceError, pageEvidencePack, setEvidenceRemoved } from "~/models/evidence.server";
import { pageWork } from "~/models/page-action.server";
import { pageResearch } from "~/models/research.server";
import type { SessionUser } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { intentOf, invalidForm, reply, runIntent } from "~/services/route-action.server";
import { EvidencePack } from "./outline/evidence-pack";
import { OutlineResearch, PlanAnswersLine, planHeadings } from "./outline/outline-research";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.page.name} - Outline – ${BRAND_NAME}` : `${PAGE_NOT_FOUND.title} – ${BRAND_NAME}` },
];

export const ErrorBoundary = RouteErrorBoundary;

export const OUTLINE_TEXTS = {
  saved: "Outline saved",
  approved: "Outline approved",
  approvedDetail: "The article is being written from it. You will be told when it is ready for review.",
  requested: "New outline requested",
  requestedDetail: "It will replace this one when it is written.",
  saveFailed: "Failed to save the outline",
  approveFailed: "Failed to approve the outline",
  requestFailed: "Failed to request a new outline",
  closed: "This outline was already approved or replaced: reload the page to see where it stands.",
  pending: "An outline of this page is being written already.",
  missing: "This outline no longer exists.",
  sourceAdded: "Source added to the evidence pack",
  sourceAddedDetail: (n: number) => `${n} ${n === 1 ? "passage" : "passages"} of it can now be cited.`,
  passageRemoved: "Passage taken out of the pack",
  passageRestored: "Passage put back in the pack",
  addSourceFailed: "Failed to add the source",
  passageFailed: "Failed to change the evidence pack",
  passageMissing: "This passage is no longer in the pack.",
  source: {
    unreadable: (why: string) => `This page could not be read (${why}). Check the address, or choose another page.`,
    nothing: "This page holds nothing on the article's topic that could be cited.",
    limit: `At most ${EVIDENCE_LIMITS.addedSources} sources of your own per page.`,
    competitor: "This address is a competitor's (see the brief): the article never links to it.",
    already: "This source is already in the evidence pack.",
    busy: (minutes: string) => `Too many pages read in the last hour: try again in ${minutes} min.`,
  },
} as const;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireActor(request);
  const page = await requireOwnedPage(user, params, request);
  const [outline, work, outlineStep, research, pack] = await Promise.all([
    getPageOutline(user, page),
    pageWork(page.id, ["create_outline", "create_article"]),
    siteOutlineStep(user, page),
    // The research is a help beside the outline: when it cannot be read, the screen says so and the outline stays.
    pageResearch(user, page).catch((error: unknown) => {
      logger.error({ err: error, pageId: page.id }, "the research of the page's keywords could not be read");
      return null;
    }),
    pageEvidencePack(user, page),
  ]);
  return {
    page: { id: page.id, name: page.name, url: page.url, siteId: page.site.id, siteName: page.site.name },
    outline: outline && {
      ...outline,
      createdAt: outline.createdAt.toISOString(),
      updatedAt: outline.updatedAt.toISOString(),
      approvedAt: outline.approvedAt?.toISOString() ?? null,
    },
    work: { outline: work.create_outline, article: work.create_article },
    outlineStep,
    research,
    pack: pack.map((p) => ({ ...p, readAt: p.readAt.toISOString(), removedAt: p.removedAt?.toISOString() ?? null })),
  };
}

type Ctx = { request: Request; form: FormData; user: SessionUser; params: { siteId?: string; pageId?: string } };

const pageOf = ({ user, params }: Ctx) => ownedPage(user, parseId(params.pageId, "page"), parseId(params.siteId, "site"));

type OutlineIntent = "save" | "approve" | "new-outline" | "add-source" | "remove-passage" | "restore-passage";

const FAILURE: Record<OutlineIntent, string> = {
  save: OUTLINE_TEXTS.saveFailed,
  approve: OUTLINE_TEXTS.approveFailed,
  "new-outline": OUTLINE_TEXTS.requestFailed,
  "add-source": OUTLINE_TEXTS.addSourceFailed,
  "remove-passage": OUTLINE_TEXTS.passageFailed,
  "restore-passage": OUTLINE_TEXTS.passageFailed,
};

function refused<I extends OutlineIntent>(intent: I, submission: Submission<unknown>) {
  const answer = invalidForm(submission, { title: FAILURE[intent] });
  return reply({ ok: false, intent, ...answer });
}

/** The outline as edited, saved; with `approve`, approved and its article queued. */
const saveOrApprove =
  <I extends "save" | "approve">(intent: I) =>
  async (ctx: Ctx) => {
    const page = await pageOf(ctx);
    const submission = parseSubmission(ctx.form, outlineSchema);
    if (submission.status !== "success") return refused(intent, submission);
    const { outlineId, ...input } = submission.value;
    await saveOutline(ctx.user, page.id, outlineId, input, { approve: intent === "approve" });
    const toast =
      intent === "approve" ? successToast(OUTLINE_TEXTS.approved, OUTLINE_TEXTS.approvedDetail) : successToast(OUTLINE_TEXTS.saved);
    return reply({ ok: true, intent, toast });
  };

async function newOutline(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, newOutlineSchema);
  if (submission.status !== "success") return refused("new-outline", submission);
  await requestNewOutline(ctx.user, page.id, submission.value.instructions);
  return reply({ ok: true, intent: "new-outline", toast: successToast(OUTLINE_TEXTS.requested, OUTLINE_TEXTS.requestedDetail) });
}

/** A source of the owner's own, read now: its passages on the topic join the pack, or the field says why not. */
async function addSource(ctx: Ctx) {
  const page = await pageOf(ctx);
  const submission = parseSubmission(ctx.form, evidenceSourceSchema);
  if (submission.status !== "success") return refused("add-source", submission);
  try {
    const added = await addEvidenceSource(ctx.user, page.id, submission.value.url);
    return reply({ ok: true, intent: "add-source", toast: successToast(OUTLINE_TEXTS.sourceAdded, OUTLINE_TEXTS.sourceAddedDetail(added)) });
  } catch (error) {
    if (!(error instanceof EvidenceSourceError)) throw error;
    const texts = OUTLINE_TEXTS.source;
    const detail = error.message.replace(/^\w+: /, "");
    const message =
      error.reason === "unreadable" ? texts.unreadable(detail) : error.reason === "busy" ? texts.busy(detail) : texts[error.reason];
    const answer = invalidForm(submission, { fieldErrors: { url: [message] }, title: OUTLINE_TEXTS.addSourceFailed });
    return reply({ ok: false, intent: "add-source", ...answer });
  }
}

/** A passage taken out of the pack, or put back. */
const removeOrRestore =
  <I extends "remove-passage" | "restore-passage">(intent: I) =>
  async (ctx: Ctx) => {
    const page = await pageOf(ctx);
    const submission = parseSubmission(ctx.form, evidencePassageSchema);
    if (submission.status !== "success") return refused(intent, submission);
    await setEvidenceRemoved(ctx.user, page.id, submission.value.evidenceId, intent === "remove-passage");
    const done = intent === "remove-passage" ? OUTLINE_TEXTS.passageRemoved : OUTLINE_TEXTS.passageRestored;
    return reply({ ok: true, intent, toast: successToast(done) });
  };

const INTENTS = {
  save: saveOrApprove("save"),
  approve: saveOrApprove("approve"),
  "new-outline": newOutline,
  "add-source": addSource,
  "remove-passage": removeOrRestore("remove-passage"),
  "restore-passage": removeOrRestore("restore-passage"),
};

function failed(error: unknown, intent: OutlineIntent) {
  const title = FAILURE[intent];
  if (error instanceof NotFoundError) {
    const passage = intent === "remove-passage" || intent === "restore-passage";
    const description = passage
      ? OUTLINE_TEXTS.passageMissing
      : error.kind === "page" && intent !== "new-outline" && intent !== "add-source"
        ? OUTLINE_TEXTS.missing
        : PAGE_NOT_FOUND.message;
    return reply({ ok: false, intent, toast: errorToast(description, title) }, 404);
  }
  if (error instanceof OutlineClosedError) return reply({ ok: false, intent, toast: errorToast(OUTLINE_TEXTS.closed, title) }, 409);
  if (error instanceof OutlinePendingError) return reply({ ok: false, intent, toast: errorToast(OUTLINE_TEXTS.pending, title) }, 409);
  return reply({ ok: false, intent, toast: errorToast("Something went wrong. Try again.", title) }, 500);
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireActor(request);
  const form = await request.formData();
  const intent = intentOf(form, INTENTS);
  if (!intent) return reply({ ok: false, intent: null, toast: errorToast("Unknown action.") });
  return runIntent(INTENTS, intent, { request, form, user, params }, { failed, expected: [OutlineClosedError, OutlinePendingError] });
}

type LoaderData = Route.ComponentProps["loaderData"];
type ShownOutline = NonNullable<LoaderData["outline"]>;

export default function OutlineScreen({ loaderData }: Route.ComponentProps) {
  const { page, outline, work, outlineStep, research, pack } = loaderData;
  // Held here, not by the forms: approving (or asking for a new outline) replaces the form that posted, and the
  // answer's toast must still show.
  const editing = useToastFetcher<typeof action>();
  const requesting = useToastFetcher<typeof action>();
  const pagePath = `/sites/${page.siteId}/pages/${page.id}`;
  // An outline (or its article) being written: the screen is read again until it is there.
  usePollWhile(work.outline.pending || (outline?.status === "approved" && work.article.pending));
  return (
    <div className="mx-auto max-w-6xl">
      <PageTrail page={page} current="Outline" />
      <PageHeader
        title={`${page.name} - Outline`}
        description="The article's plan, before it is written: change what needs changing, then approve it. The article is written from the approved outline."
      />
      <WorkNotice
        status={work.outline}
        pendingText={PENDING_TEXTS.createOutline}
        what="outline request"
        pagePath={pagePath}
        className="mb-6"
      />
      {outline === null ? (
        work.outline.pending ? null : (
          <NoOutline outlineStep={outlineStep} siteId={page.siteId} fetcher={requesting} />
        )
      ) : outline.status === "ready" ? (
        <OutlineEditor
          key={`${outline.id}-${outline.updatedAt}`}
          outline={outline}
          fetcher={editing}
          research={research}
          keywordsPath={`${pagePath}/keywords-for-page`}
        />
      ) : (
        <>
          <ApprovedOutline outline={outline} versionsPath={`${pagePath}/page-versions`} articlePending={work.article.pending} />
          <OutlineResearch research={research} headings={planHeadings(outline.sections)} keywordsPath={`${pagePath}/keywords-for-page`} />
        </>
      )}
      {outline === null ? <OutlineResearch research={research} headings={null} keywordsPath={`${pagePath}/keywords-for-page`} /> : null}
      <EvidencePack pack={pack} gathering={work.outline.pending} />
      {outline !== null && !work.outline.pending ? <NewOutlineCard fetcher={requesting} /> : null}
    </div>
  );
}

/** No outline yet: what the step is, and the button that asks for one. */
type OutlineFetcher = ReturnType<typeof useToastFetcher<typeof action>>;

function NoOutline({ outlineStep, siteId, fetcher }: { outlineStep: boolean; siteId: number; fetcher: OutlineFetcher }) {
  const busy = fetcher.state !== "idle";
  return (
    <Card className="items-center gap-4 px-6 py-12 text-center">
      <ListTree aria-hidden="true" className="size-10 text-muted-foreground" />
      <div className="grid max-w-lg gap-2">
        <h2 className="text-lg font-semibold">No outline yet</h2>
        <p className="text-sm text-muted-foreground">
          An outline gives the article's title, angle, sections, keywords and sources. You approve it before the article is written.
        </p>
        {outlineStep ? null : (
          <p className="text-sm text-muted-foreground">
            This site's articles are written without an outline (see the <Link to={`/sites/${siteId}/brief`}>brief</Link>); you can still
            ask for one here.
          </p>
        )}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="new-outline" />
        <Button type="submit" disabled={busy}>
          <Sparkles aria-hidden="true" /> {busy ? "Requesting..." : "Write an outline"}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

/** Who wrote, edited and approved the outline, and (for the team) what it cost. */
function OutlineHistory({ outline }: { outline: ShownOutline }) {
  const parts = [
    `Written on ${formatDateTime(outline.createdAt)}`,
    outline.updatedByName ? `edited by ${outline.updatedByName} on ${formatDateTime(outline.updatedAt)}` : null,
    outline.approvedAt ? `approved by ${outline.approvedByName ?? "a former user"} on ${formatDateTime(outline.approvedAt)}` : null,
    outline.costUsd !== null ? `cost ${formatUsd(outline.costUsd)}` : null,
  ].filter(Boolean);
  return <p className="text-sm text-muted-foreground">{parts.join(" · ")}</p>;
}

/**
 * The outline waiting for approval, as a form: saved, or approved (its article then written). Under it, the research
 * of the page's keywords, whose questions say, as the plan is typed, which of them it answers.
 */
function OutlineEditor({
  outline,
  fetcher,
  research,
  keywordsPath,
}: {
  outline: ShownOutline;
  fetcher: OutlineFetcher;
  research: LoaderData["research"];
  keywordsPath: string;
}) {
  const [form, fields] = useSchemaForm(outlineSchema, { fetcher });
  const [plan, setPlan] = useState(() => planText(outline.sections));
  const preview = parsePlan(plan);
  // The headings the questions are matched against: the plan as typed, or as saved while what is typed does not read.
  const headings = planHeadings(preview.ok ? preview.sections : outline.sections);
  const busy = fetcher.state !== "idle";
  const submitting = busy ? fetcher.formData?.get("intent") : null;
  const textarea = (
    name: "angle" | "plan" | "keywords" | "sources",
    label: string,
    hint: string,
    props: React.ComponentProps<"textarea">,
  ) => {
    const field = fields[name];
    const error = field.errors?.[0];
    return (
      <div className="grid gap-2">
        <Label htmlFor={field.id}>{label}</Label>
        <Textarea
          id={field.id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${field.id}-hint${error ? ` ${field.errorId}` : ""}`}
          {...props}
        />
        <p id={`${field.id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
        <FieldError id={field.errorId} error={error} />
      </div>
    );
  };
  return (
    <>
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-6">
        <input type="hidden" name="outlineId" value={outline.id} />
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle className="text-lg">
                <h2>Proposed outline</h2>
              </CardTitle>
              <Badge variant="secondary">Waiting for your approval</Badge>
            </div>
            <CardDescription>
              <OutlineHistory outline={outline} />
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor={fields.title.id}>Title</Label>
              <Input
                id={fields.title.id}
                name="title"
                defaultValue={outline.title}
                maxLength={OUTLINE_LIMITS.title}
                required
                aria-invalid={fields.title.errors ? true : undefined}
                aria-describedby={fields.title.errors ? fields.title.errorId : undefined}
              />
              <FieldError id={fields.title.errorId} error={fields.title.errors?.[0]} />
            </div>
            {textarea("angle", "Angle", "What the article argues or shows that the pages ranking today do not.", {
              defaultValue: outline.angle,
              rows: 3,
              maxLength: OUTLINE_LIMITS.angle,
            })}
            <div className="grid gap-6 lg:grid-cols-2">
              {textarea("plan", "Plan", 'One heading a line: "## " starts a section (h2), "### " a subsection (h3) of the section above.', {
                value: plan,
                onChange: (event) => setPlan(event.currentTarget.value),
                rows: 16,
                spellCheck: false,
                className: "font-mono text-sm",
              })}
              <div className="grid content-start gap-2">
                <p className="text-sm font-medium" id="outline-preview-title">
                  How the article is organised
                </p>
                <div aria-labelledby="outline-preview-title" role="region" className="rounded-md border bg-muted/30 p-4">
                  {preview.ok ? (
                    <PlanList sections={preview.sections} />
                  ) : (
                    <p className="text-sm text-muted-foreground">{preview.problem}</p>
                  )}
                </div>
                <PlanAnswersLine research={research} headings={headings} />
              </div>
            </div>
            <div className="grid gap-6 md:grid-cols-2">
              {textarea("keywords", "Keywords to target", "One a line, or separated by commas.", {
                defaultValue: outline.keywords.join("\n"),
                rows: 5,
              })}
              {textarea("sources", "Sources to use", "One a line: an address, or a reference the writer should use.", {
                defaultValue: outline.sources.join("\n"),
                rows: 5,
              })}
            </div>
          </CardContent>
        </Card>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" name="intent" value="approve" disabled={busy}>
            <CheckCircle2 aria-hidden="true" /> {submitting === "approve" ? "Approving..." : "Approve and write the article"}
          </Button>
          <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
            {submitting === "save" ? "Saving..." : "Save changes"}
          </Button>
          <p className="text-sm text-muted-foreground">The article is written once you approve the outline.</p>
        </div>
      </fetcher.Form>
      <OutlineResearch research={research} headings={headings} keywordsPath={keywordsPath} />
    </>
  );
}

/** The plan as a nested list: sections (h2) and their subsections (h3). */
function PlanList({ sections }: { sections: OutlineSection[] }) {
  return (
    <ol className="grid list-decimal gap-2 pl-5 text-sm">
      {sections.map((section, index) => (
        <li key={index} className="font-medium">
          {section.heading}
          {section.subheadings.length ? (
            <ul className="mt-1 grid list-disc gap-1 pl-5 font-normal text-muted-foreground">
              {section.subheadings.map((sub, subIndex) => (
                <li key={subIndex}>{sub}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** An approved outline: what the article is written from, and where the article stands. */
function ApprovedOutline({
  outline,
  versionsPath,
  articlePending,
}: {
  outline: ShownOutline;
  versionsPath: string;
  articlePending: boolean;
}) {
  return (
    <Card className="mb-6">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">
            <h2>{outline.title}</h2>
          </CardTitle>
          <Badge>Approved</Badge>
        </div>
        <CardDescription>
          <OutlineHistory outline={outline} />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {outline.angle ? <p className="max-w-prose">{outline.angle}</p> : null}
        <section aria-labelledby="approved-plan" className="grid gap-2">
          <h3 id="approved-plan" className="text-sm font-medium">
            Plan
          </h3>
          <PlanList sections={outline.sections} />
        </section>
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="approved-keywords" className="grid content-start gap-2">
            <h3 id="approved-keywords" className="text-sm font-medium">
              Keywords to target
            </h3>
            {outline.keywords.length ? (
              <ul className="flex flex-wrap gap-2">
                {outline.keywords.map((keyword) => (
                  <li key={keyword}>
                    <Badge variant="outline">{keyword}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">None given.</p>
            )}
          </section>
          <section aria-labelledby="approved-sources" className="grid content-start gap-2">
            <h3 id="approved-sources" className="text-sm font-medium">
              Sources to use
            </h3>
            {outline.sources.length ? (
              <ul className="grid list-disc gap-1 pl-5 text-sm break-words">
                {outline.sources.map((source) => (
                  <li key={source}>{source}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">None given.</p>
            )}
          </section>
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t pt-4">
          <p className="text-sm">
            {articlePending
              ? "The article is being written from this outline. You will be told when it is ready for review."
              : "The article was written from this outline."}
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to={versionsPath}>See the versions</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** Asks for another outline, saying what to change; it replaces the one waiting for approval once written. */
function NewOutlineCard({ fetcher }: { fetcher: OutlineFetcher }) {
  const [form, fields] = useSchemaForm(newOutlineSchema, { fetcher });
  const busy = fetcher.state !== "idle";
  const error = fields.instructions.errors?.[0];
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>Ask for a new outline</h2>
        </CardTitle>
        <CardDescription>
          Say what the next outline should do differently; the writer starts again from the brief and the research.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value="new-outline" />
          <Label htmlFor={fields.instructions.id}>What to change (optional)</Label>
          <Textarea
            id={fields.instructions.id}
            name="instructions"
            rows={3}
            maxLength={OUTLINE_LIMITS.instructions}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? fields.instructions.errorId : undefined}
          />
          <FieldError id={fields.instructions.errorId} error={error} />
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              <RefreshCw aria-hidden="true" /> {busy ? "Requesting..." : "Ask for a new outline"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
