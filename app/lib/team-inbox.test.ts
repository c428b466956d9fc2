import { describe, expect, it } from "vitest";
import { durationText, firstArticleDue, firstArticleDueText, trialSteps } from "./team-inbox";

const received = new Date("2026-11-20T10:00:00Z");
const after = (hours: number, minutes = 0) => new Date(received.getTime() + hours * 3_600_000 + minutes * 60_000);

describe("the first-article promise", () => {
  it("counts down the 24 hours first", () => {
    expect(firstArticleDue(received, after(0))).toEqual({ stage: "24h", msLeft: 24 * 3_600_000 });
    expect(firstArticleDueText(received, after(18, 50))).toEqual({ text: "24 h : reste 5 h 10", overdue: false });
  });

  it("then the 48 hours, from the 24th hour on", () => {
    expect(firstArticleDue(received, after(24)).stage).toBe("48h");
    expect(firstArticleDueText(received, after(45))).toEqual({ text: "48 h : reste 3 h 00", overdue: false });
  });

  it("is overdue from the 48th hour, by how long", () => {
    expect(firstArticleDue(received, after(48)).stage).toBe("overdue");
    expect(firstArticleDueText(received, after(50, 15))).toEqual({ text: "En retard de 2 h 15", overdue: true });
  });
});

describe("durationText", () => {
  it("says minutes, hours, then days", () => {
    expect(durationText(45 * 60_000)).toBe("45 min");
    expect(durationText(-(3 * 60 + 5) * 60_000)).toBe("3 h 05");
    expect(durationText((52 * 60 + 30) * 60_000)).toBe("2 j 4 h");
  });
});

describe("a trial article's steps (issue 38)", () => {
  const date = (d: Date) => d.toISOString().slice(0, 10);
  const started = {
    startedAt: new Date("2027-01-04T08:00:00Z"),
    startedByName: "Léa",
    approver: "team" as const,
    page: { id: 7, siteId: 3, name: "Pain au levain", url: "https://fournil.example/pain-au-levain" },
    research: { state: "queued", lastError: null, results: 0 },
    outlineRequest: { state: "queued", lastError: null },
    outline: null,
    article: null,
    delivered: null,
  };
  const said = (trial: Parameters<typeof trialSteps>[0]) => trialSteps(trial, date).map((s) => `${s.name}: ${s.status} [${s.tone}]`);

  it("says each step, the outline waiting for the search, and who approves", () => {
    expect(said(started)).toEqual([
      "Recherche: En file d'attente [todo]",
      "Plan: Attend la recherche [todo]",
      "Validation: Par l'équipe, une fois le plan écrit [todo]",
      "Brouillon: Une fois le plan validé [todo]",
    ]);
    expect(said({ ...started, approver: "client" })[2]).toBe("Validation: Par le client, une fois le plan écrit [todo]");
  });

  it("an outline the team approves is the team's to do, with its link; the client's waits for the client", () => {
    const ready = {
      ...started,
      research: { state: "done", lastError: null, results: 10 },
      outlineRequest: { state: "done", lastError: null },
      outline: { status: "ready" as const, approvedAt: null, approvedByName: null },
    };
    const steps = trialSteps(ready, date);
    expect(steps.map((s) => s.status)).toEqual(["Terminée : 10 résultats", "Écrit", "Plan prêt : à valider", "Une fois le plan validé"]);
    expect(steps[2]).toMatchObject({ tone: "action", link: { to: "/sites/3/pages/7/outline", label: "Valider le plan" } });
    expect(steps[0]!.link).toEqual({ to: "/sites/3/pages/7/keywords-for-page", label: "Mot-clé et résultats" });
    expect(trialSteps({ ...ready, approver: "client" }, date)[2]).toMatchObject({
      status: "Plan prêt : en attente du client",
      tone: "running",
    });
  });

  it("a search that failed for good says the outline goes on without it; the draft delivered links to the versions", () => {
    const failed = {
      ...started,
      research: { state: "failed", lastError: "Authentication failed.", results: 0 },
      outlineRequest: { state: "running", lastError: null },
    };
    expect(trialSteps(failed, date).slice(0, 2)).toMatchObject([
      { status: "Échec : le plan est écrit sans elle", tone: "failed", detail: "Authentication failed." },
      { status: "En cours d'écriture", tone: "running" },
    ]);
    const delivered = {
      ...started,
      research: { state: "done", lastError: null, results: 1 },
      outlineRequest: { state: "done", lastError: null },
      outline: { status: "approved" as const, approvedAt: new Date("2027-01-04T09:00:00Z"), approvedByName: "Léa" },
      article: { state: "done", lastError: null },
      delivered: { versionId: 12, at: new Date("2027-01-04T09:05:00Z") },
    };
    expect(said(delivered)).toEqual([
      "Recherche: Terminée : 1 résultat [done]",
      "Plan: Écrit [done]",
      "Validation: Validé le 2027-01-04 par Léa [done]",
      "Brouillon: Livré le 2027-01-04 [done]",
    ]);
    expect(trialSteps(delivered, date)[3]!.link).toEqual({ to: "/sites/3/pages/7/page-versions", label: "Voir le brouillon" });
  });
});
