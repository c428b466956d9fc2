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
