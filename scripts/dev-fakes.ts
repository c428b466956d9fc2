/**
 * `npm run dev:fakes`: starts local fakes of every provider (DataForSEO's SERP and On-Page APIs, OpenRouter's
 * chat API, an OpenAI-style images API) and a page server standing in for the pages a search ranks, and prints the
 * settings that point the product at them. Nothing leaves the machine; every queued action then runs end to end
 * from the screens, and a keyword's search reads its top pages from the page server (issue 39).
 */
import { startFakeDataForSeo } from "../tests/fakes/dataforseo";
import { startFakeImages } from "../tests/fakes/images";
import { startFakeOpenRouter } from "../tests/fakes/openrouter";
import { startFakePages } from "../tests/fakes/pages";
import { fakeWriter } from "../tests/fakes/writer";
import { seededRandom } from "../app/lib/visibility/calibration";

const base = Number(process.env.FAKES_PORT ?? 4010);
const [serp, openRouter, images, pages] = await Promise.all([
  startFakeDataForSeo({ port: base }),
  startFakeOpenRouter({ port: base + 1 }),
  startFakeImages({ port: base + 2 }),
  startFakePages({ port: base + 3 }),
]);
openRouter.answer = fakeWriter;
// The search's organic results are the page server's: real articles, one that refuses robots (403) and a redirect,
// so that the research shows its outlines and says which page it could not read.
const TOP = [
  "/articles/0",
  "/articles/1",
  "/articles/2",
  "/forbidden",
  "/articles/3",
  "/articles/4",
  "/redirect/2",
  "/articles/5",
  "/articles/6",
  "/articles/7",
];
serp.organicUrl = (_keyword, position) => pages.at(TOP[position - 1] ?? `/articles/${(position - 1) % 10}`);
// FAKE_SERP_SITE=https://your-site.example: its page climbs the results, search after search (14th, 10th, 6th,
// then 3rd), so that the Results screen has a story to tell over simulated weeks.
const site = process.env.FAKE_SERP_SITE;
if (site) {
  // Assistants answer differently from one asking to the next (issue 42): each answer names and cites the site
  // by chance (a seeded draw, the same on every run), more often check after check: 10% of the first check's
  // answers of a model (its first 9 askings: 3 prompts, 3 times), then 15 points more per check, up to 70%.
  const random = seededRandom(42);
  const asked = new Map<string, number>();
  openRouter.answer = (model, question) => {
    const answer = fakeWriter(model, question);
    if (!answer.startsWith("Here is what")) return answer;
    const n = (asked.get(model) ?? 0) + 1;
    asked.set(model, n);
    const p = Math.min(0.7, 0.1 + 0.15 * Math.floor((n - 1) / 9));
    return random() < p ? `${answer} ${new URL(site).hostname} explains it well: ${new URL("/guide", site).href}.` : answer;
  };
  serp.rank = (keyword, search) => ({
    url: new URL(`/${keyword.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, site).href,
    position: Math.max(3, 18 - 4 * search),
  });
  // Google's AI Overview cites the site's page from its third search on.
  serp.overviewCites = (keyword, search) =>
    search >= 3 ? new URL(`/${keyword.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, site).href : null;
}

const settings = {
  DATAFORSEO_LOGIN: serp.login,
  DATAFORSEO_PASSWORD: serp.password,
  DATAFORSEO_URL: serp.url,
  OPENROUTER_API_KEY: openRouter.apiKey,
  OPENROUTER_BASE_URL: openRouter.baseUrl,
  IMAGES_API_KEY: images.apiKey,
  IMAGES_API_URL: images.url,
  // The page server listens on this machine, which outbound calls refuse otherwise.
  OUTBOUND_ALLOW_PRIVATE_HOSTS: "true",
};
const line = Object.entries(settings)
  .map(([key, value]) => `${key}=${value}`)
  .join(" ");
console.log(`Fake providers are running (SERP ${serp.url}, OpenRouter ${openRouter.baseUrl}, images ${images.url}),
and the top pages a search finds (${pages.url}: articles, a 403 and a redirect).
Start the product against them in another terminal:

  ${line} npm start

Ctrl+C stops the fakes.`);

const stop = async () => {
  await Promise.all([serp.close(), openRouter.close(), images.close(), pages.close()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
