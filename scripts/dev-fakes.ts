/**
 * `npm run dev:fakes`: starts local fakes of every provider (DataForSEO's SERP API, OpenRouter's chat API,
 * an OpenAI-style images API) and prints the settings that point the product at them. Nothing leaves the
 * machine; every queued action then runs end to end from the screens.
 */
import { startFakeDataForSeo } from "../tests/fakes/dataforseo";
import { startFakeImages } from "../tests/fakes/images";
import { startFakeOpenRouter } from "../tests/fakes/openrouter";
import { fakeWriter } from "../tests/fakes/writer";

const base = Number(process.env.FAKES_PORT ?? 4010);
const [serp, openRouter, images] = await Promise.all([
  startFakeDataForSeo({ port: base }),
  startFakeOpenRouter({ port: base + 1 }),
  startFakeImages({ port: base + 2 }),
]);
openRouter.answer = fakeWriter;
// FAKE_SERP_SITE=https://your-site.example: its page climbs the results, search after search (14th, 10th, 6th,
// then 3rd), so that the Results screen has a story to tell over simulated weeks.
const site = process.env.FAKE_SERP_SITE;
if (site) {
  // The assistants start naming and citing it from their second answer on.
  const asked = new Map<string, number>();
  openRouter.answer = (model, question) => {
    const answer = fakeWriter(model, question);
    if (!answer.startsWith("Here is what")) return answer;
    const n = (asked.get(model) ?? 0) + 1;
    asked.set(model, n);
    return n < 2 ? answer : `${answer} ${new URL(site).hostname} explains it well: ${new URL("/guide", site).href}.`;
  };
  serp.rank = (keyword, search) => ({
    url: new URL(`/${keyword.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`, site).href,
    position: Math.max(3, 18 - 4 * search),
  });
}

const settings = {
  DATAFORSEO_LOGIN: serp.login,
  DATAFORSEO_PASSWORD: serp.password,
  DATAFORSEO_URL: serp.url,
  OPENROUTER_API_KEY: openRouter.apiKey,
  OPENROUTER_BASE_URL: openRouter.baseUrl,
  IMAGES_API_KEY: images.apiKey,
  IMAGES_API_URL: images.url,
};
const line = Object.entries(settings)
  .map(([key, value]) => `${key}=${value}`)
  .join(" ");
console.log(`Fake providers are running (SERP ${serp.url}, OpenRouter ${openRouter.baseUrl}, images ${images.url}).
Start the product against them in another terminal:

  ${line} npm start

Ctrl+C stops the fakes.`);

const stop = async () => {
  await Promise.all([serp.close(), openRouter.close(), images.close()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
