/**
 * The outside services the queued work depends on (issue 14's provider lines): which kinds of work each serves,
 * and whether its settings are there. Derived from the tasks' own `settings`, so a new task joins its provider.
 */
import { getEnv, missingSettings, type Env } from "~/services/env.server";
import { IMAGE_SETTINGS } from "~/services/providers/images.server";
import { LLM_SETTINGS } from "~/services/providers/openrouter.server";
import { SERP_SETTINGS } from "~/services/providers/dataforseo.server";
import { ACTION_NAMES, TASKS, type ActionName } from "./queue.server";

export type ProviderId = "openrouter" | "dataforseo" | "images" | "mail" | "wordpress" | "web";

const SETTINGS: Record<ProviderId, readonly (keyof Env)[]> = {
  openrouter: LLM_SETTINGS,
  dataforseo: SERP_SETTINGS,
  images: IMAGE_SETTINGS,
  mail: [],
  // The clients' own WordPress sites (issue 15): each site's connection, nothing to set on the server.
  wordpress: [],
  // The pages the articles cite (issue 40): read where they are, nothing to set (a model judges them when OpenRouter is).
  web: [],
};

/** Kinds whose outside service is not named by the settings they need. */
const KIND_PROVIDERS: Partial<Record<ActionName, ProviderId>> = { publish_article: "wordpress", check_sources: "web" };

export type ProviderState = { id: ProviderId; kinds: ActionName[]; missing: (keyof Env)[]; note: string | null };

/** The provider a kind of work depends on: the one whose settings its task needs ('mail' for those that need none). */
export function providerOfKind(kind: ActionName): ProviderId {
  const named = KIND_PROVIDERS[kind];
  if (named) return named;
  const needs = TASKS[kind].settings as readonly (keyof Env)[];
  if (needs.length === 0) return "mail";
  return (Object.keys(SETTINGS) as ProviderId[]).find((id) => SETTINGS[id] === needs) ?? "mail";
}

/** Each provider, the kinds of work it serves, and the settings it lacks (none: configured). */
export function providerStates(env: Env = getEnv()): ProviderState[] {
  return (Object.keys(SETTINGS) as ProviderId[]).map((id) => {
    const kinds = ACTION_NAMES.filter((name) => providerOfKind(name) === id);
    const note =
      id === "mail" && !env.SMTP_URL
        ? "Sans SMTP_URL : les e-mails sont écrits dans le dossier outbox."
        : id === "wordpress"
          ? "Les sites des clients : chaque site a sa connexion (écran Publishing du site)."
          : id === "web"
            ? `Les pages que citent les articles, lues où elles sont ; ${missingSettings(LLM_SETTINGS, env).length ? "sans OpenRouter, un juge lexical dit si elles appuient la phrase" : "un modèle d'OpenRouter dit si elles appuient la phrase"}.`
            : null;
    return { id, kinds, missing: missingSettings(SETTINGS[id], env), note };
  });
}
