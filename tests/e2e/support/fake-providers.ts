/**
 * The fakes of the search and writing providers for the stories whose server does real work (DataForSEO, and
 * OpenRouter answering as a writer would), with the settings that point a server at them; `close()` ends both.
 */
import { startFakeDataForSeo, type FakeDataForSeo } from "../../fakes/dataforseo";
import { startFakeOpenRouter, type FakeOpenRouter } from "../../fakes/openrouter";
import { fakeWriter } from "../../fakes/writer";

export type FakeProviders = { serp: FakeDataForSeo; writer: FakeOpenRouter; env: Record<string, string>; close(): Promise<void> };

export async function startFakeProviders(): Promise<FakeProviders> {
  const [serp, writer] = await Promise.all([startFakeDataForSeo(), startFakeOpenRouter()]);
  writer.answer = fakeWriter;
  return {
    serp,
    writer,
    env: {
      DATAFORSEO_LOGIN: serp.login,
      DATAFORSEO_PASSWORD: serp.password,
      DATAFORSEO_URL: serp.url,
      OPENROUTER_API_KEY: writer.apiKey,
      OPENROUTER_BASE_URL: writer.baseUrl,
    },
    close: async () => {
      await Promise.all([serp.close(), writer.close()]);
    },
  };
}
