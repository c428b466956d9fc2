import { ArrowRight, Bot, PenLine, Search } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { Footer } from "~/components/footer";
import { Button } from "~/components/ui/button";
import { BRAND_NAME } from "~/lib/constants";

export const meta: Route.MetaFunction = () => [
  { title: `${BRAND_NAME} – des articles qui se classent et sont cités par l'IA` },
  {
    name: "description",
    content: "Un service clé en main : recherche de mots-clés, articles rédigés avec l'IA et relus par un expert, publiés sur votre site.",
  },
];

const POINTS = [
  { icon: Search, title: "Recherche", text: "Mots-clés, résultats de recherche et réponses des assistants IA analysés pour chaque sujet." },
  {
    icon: PenLine,
    title: "Rédaction",
    text: "Des articles de 1 500 à 2 000+ mots, rédigés avec l'IA puis relus et affinés par un humain.",
  },
  { icon: Bot, title: "Visibilité IA", text: "Des contenus structurés pour être cités par ChatGPT, Perplexity, Gemini et les autres." },
];

export default function Home() {
  return (
    <>
      <main className="flex-1">
        <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-6 py-20 text-center">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Des articles qui se classent sur Google et sont cités par les assistants IA
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground text-pretty">
            Pas de frais d'installation, pas d'engagement, pas d'outil compliqué à apprendre : un service clé en main.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/auth">
                Commencer <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/auth">Connexion</Link>
            </Button>
          </div>
        </section>
        <section aria-labelledby="how" className="border-t bg-muted/40">
          <div className="mx-auto grid max-w-5xl gap-6 px-6 py-16 sm:grid-cols-3">
            <h2 id="how" className="sr-only">
              Comment ça marche
            </h2>
            {POINTS.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-xl border bg-card p-6 shadow-sm">
                <Icon className="size-6 text-primary" aria-hidden="true" />
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </div>
            ))}
          </div>
        </section>
      </main>
      <Footer />
    </>
  );
}
