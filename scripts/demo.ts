/**
 * `npm run demo -- <pageId> on|off`: the service's team marks a page as a demo article of the home page
 * ('/': 'View below some demo articles', the sitemap, an indexable public view), or takes it off. Clients
 * cannot: no screen sets the flag. With the embedded database, stop the server first (it holds DATA_DIR).
 */
import { teamSetDemoArticle } from "../app/models/demo.server";
import { databaseCommand } from "./database-command";

const USAGE = "Usage: npm run demo -- <pageId> on|off";

async function main(): Promise<number> {
  const [idText, state] = process.argv.slice(2);
  const pageId = Number(idText);
  if (!idText || !/^\d+$/.test(idText) || !Number.isSafeInteger(pageId) || pageId <= 0 || (state !== "on" && state !== "off")) {
    console.error(USAGE);
    return 2;
  }
  return databaseCommand(async () => {
    const page = await teamSetDemoArticle(pageId, state === "on");
    if (!page) {
      console.error(`No page ${pageId}.`);
      return 1;
    }
    console.log(
      page.demo
        ? `Page ${page.id} ('${page.name}') is now a demo article: its newest version is listed on the home page and in the sitemap.`
        : `Page ${page.id} ('${page.name}') is no longer a demo article.`,
    );
    return 0;
  });
}

process.exitCode = await main();
