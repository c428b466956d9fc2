import { listCountriesWithLanguages, listToneGroups } from "~/models/reference.server";
import { logger } from "~/services/logger.server";
import type { SiteFormOptions } from "./site-form";

/**
 * The site dialog's reference data, for the loaders of the screens that open it (the site list, a site's
 * detail). A list that cannot be read is offered empty, and the dialog says so when it opens.
 */
export async function loadSiteFormOptions(user: { id: string }): Promise<SiteFormOptions> {
  const [countries, toneGroups] = await Promise.allSettled([listCountriesWithLanguages(), listToneGroups(user.id)]);
  const problems: string[] = [];
  if (countries.status === "rejected") {
    logger.error({ err: countries.reason }, "countries could not be loaded");
    problems.push("Failed to load countries. Please try again.");
  }
  if (toneGroups.status === "rejected") {
    logger.error({ err: toneGroups.reason }, "tone groups could not be loaded");
    problems.push("Failed to load tone article groups. Please try again.");
  }
  return {
    countries: countries.status === "fulfilled" ? countries.value : [],
    toneGroups: toneGroups.status === "fulfilled" ? toneGroups.value : [],
    problems,
  };
}
