// Reference data seeded into the database (countries, LLMs, tone articles).
// locationCode = 2000 + ISO 3166-1 numeric code (DataForSEO convention).
// Language codes are ISO 639-1; the main search language comes first.

export type SeedCountry = {
  name: string;
  isoCode: string;
  locationCode: number;
  languages: { name: string; code: string }[];
};

/** `webSearch`: whether the assistant's own app searches the web, so it is asked with web search on (issue 42). */
export type SeedLlm = { name: string; nameOpenrouter: string; webSearch: boolean };

export type SeedTone = {
  name: string;
  content: string | null;
  children: { name: string; content: string }[];
};

const afrikaans = { name: "Afrikaans", code: "af" };
const arabic = { name: "Arabic", code: "ar" };
const bulgarian = { name: "Bulgarian", code: "bg" };
const catalan = { name: "Catalan", code: "ca" };
const chinese = { name: "Chinese", code: "zh" };
const croatian = { name: "Croatian", code: "hr" };
const czech = { name: "Czech", code: "cs" };
const danish = { name: "Danish", code: "da" };
const dutch = { name: "Dutch", code: "nl" };
const english = { name: "English", code: "en" };
const estonian = { name: "Estonian", code: "et" };
const finnish = { name: "Finnish", code: "fi" };
const french = { name: "French", code: "fr" };
const german = { name: "German", code: "de" };
const greek = { name: "Greek", code: "el" };
const hebrew = { name: "Hebrew", code: "he" };
const hindi = { name: "Hindi", code: "hi" };
const hungarian = { name: "Hungarian", code: "hu" };
const icelandic = { name: "Icelandic", code: "is" };
const italian = { name: "Italian", code: "it" };
const japanese = { name: "Japanese", code: "ja" };
const korean = { name: "Korean", code: "ko" };
const latvian = { name: "Latvian", code: "lv" };
const lithuanian = { name: "Lithuanian", code: "lt" };
const maltese = { name: "Maltese", code: "mt" };
const norwegian = { name: "Norwegian", code: "no" };
const polish = { name: "Polish", code: "pl" };
const portuguese = { name: "Portuguese", code: "pt" };
const romanian = { name: "Romanian", code: "ro" };
const russian = { name: "Russian", code: "ru" };
const serbian = { name: "Serbian", code: "sr" };
const slovak = { name: "Slovak", code: "sk" };
const slovenian = { name: "Slovenian", code: "sl" };
const spanish = { name: "Spanish", code: "es" };
const swedish = { name: "Swedish", code: "sv" };
const turkish = { name: "Turkish", code: "tr" };
const ukrainian = { name: "Ukrainian", code: "uk" };

export const countries: SeedCountry[] = [
  // European Union (27)
  { name: "Austria", isoCode: "AT", locationCode: 2040, languages: [german] },
  { name: "Belgium", isoCode: "BE", locationCode: 2056, languages: [french, dutch, german] },
  { name: "Bulgaria", isoCode: "BG", locationCode: 2100, languages: [bulgarian] },
  { name: "Croatia", isoCode: "HR", locationCode: 2191, languages: [croatian] },
  { name: "Cyprus", isoCode: "CY", locationCode: 2196, languages: [greek, english] },
  { name: "Czechia", isoCode: "CZ", locationCode: 2203, languages: [czech] },
  { name: "Denmark", isoCode: "DK", locationCode: 2208, languages: [danish] },
  { name: "Estonia", isoCode: "EE", locationCode: 2233, languages: [estonian, russian] },
  { name: "Finland", isoCode: "FI", locationCode: 2246, languages: [finnish, swedish] },
  { name: "France", isoCode: "FR", locationCode: 2250, languages: [french] },
  { name: "Germany", isoCode: "DE", locationCode: 2276, languages: [german] },
  { name: "Greece", isoCode: "GR", locationCode: 2300, languages: [greek] },
  { name: "Hungary", isoCode: "HU", locationCode: 2348, languages: [hungarian] },
  { name: "Ireland", isoCode: "IE", locationCode: 2372, languages: [english] },
  { name: "Italy", isoCode: "IT", locationCode: 2380, languages: [italian] },
  { name: "Latvia", isoCode: "LV", locationCode: 2428, languages: [latvian, russian] },
  { name: "Lithuania", isoCode: "LT", locationCode: 2440, languages: [lithuanian] },
  { name: "Luxembourg", isoCode: "LU", locationCode: 2442, languages: [french, german] },
  { name: "Malta", isoCode: "MT", locationCode: 2470, languages: [english, maltese] },
  { name: "Netherlands", isoCode: "NL", locationCode: 2528, languages: [dutch] },
  { name: "Poland", isoCode: "PL", locationCode: 2616, languages: [polish] },
  { name: "Portugal", isoCode: "PT", locationCode: 2620, languages: [portuguese] },
  { name: "Romania", isoCode: "RO", locationCode: 2642, languages: [romanian] },
  { name: "Slovakia", isoCode: "SK", locationCode: 2703, languages: [slovak] },
  { name: "Slovenia", isoCode: "SI", locationCode: 2705, languages: [slovenian] },
  { name: "Spain", isoCode: "ES", locationCode: 2724, languages: [spanish, catalan] },
  { name: "Sweden", isoCode: "SE", locationCode: 2752, languages: [swedish] },

  // Rest of Europe
  { name: "United Kingdom", isoCode: "GB", locationCode: 2826, languages: [english] },
  { name: "Norway", isoCode: "NO", locationCode: 2578, languages: [norwegian] },
  { name: "Iceland", isoCode: "IS", locationCode: 2352, languages: [icelandic] },
  { name: "Switzerland", isoCode: "CH", locationCode: 2756, languages: [german, french, italian] },
  { name: "Liechtenstein", isoCode: "LI", locationCode: 2438, languages: [german] },
  { name: "Monaco", isoCode: "MC", locationCode: 2492, languages: [french] },
  { name: "Andorra", isoCode: "AD", locationCode: 2020, languages: [catalan, spanish, french] },
  { name: "Serbia", isoCode: "RS", locationCode: 2688, languages: [serbian] },
  { name: "Ukraine", isoCode: "UA", locationCode: 2804, languages: [ukrainian, russian] },
  { name: "Turkey", isoCode: "TR", locationCode: 2792, languages: [turkish] },

  // Americas
  { name: "United States", isoCode: "US", locationCode: 2840, languages: [english, spanish] },
  { name: "Canada", isoCode: "CA", locationCode: 2124, languages: [english, french] },
  { name: "Mexico", isoCode: "MX", locationCode: 2484, languages: [spanish] },
  { name: "Brazil", isoCode: "BR", locationCode: 2076, languages: [portuguese] },
  { name: "Argentina", isoCode: "AR", locationCode: 2032, languages: [spanish] },

  // Oceania
  { name: "Australia", isoCode: "AU", locationCode: 2036, languages: [english] },
  { name: "New Zealand", isoCode: "NZ", locationCode: 2554, languages: [english] },

  // Africa
  { name: "Morocco", isoCode: "MA", locationCode: 2504, languages: [arabic, french] },
  { name: "Algeria", isoCode: "DZ", locationCode: 2012, languages: [arabic, french] },
  { name: "Tunisia", isoCode: "TN", locationCode: 2788, languages: [arabic, french] },
  { name: "Senegal", isoCode: "SN", locationCode: 2686, languages: [french] },
  { name: "Cote d'Ivoire", isoCode: "CI", locationCode: 2384, languages: [french] },
  { name: "Cameroon", isoCode: "CM", locationCode: 2120, languages: [french, english] },
  { name: "Egypt", isoCode: "EG", locationCode: 2818, languages: [arabic, english] },
  { name: "South Africa", isoCode: "ZA", locationCode: 2710, languages: [english, afrikaans] },

  // Middle East
  { name: "Israel", isoCode: "IL", locationCode: 2376, languages: [hebrew, arabic, english] },
  { name: "Lebanon", isoCode: "LB", locationCode: 2422, languages: [arabic, french, english] },
  { name: "United Arab Emirates", isoCode: "AE", locationCode: 2784, languages: [arabic, english] },
  { name: "Saudi Arabia", isoCode: "SA", locationCode: 2682, languages: [arabic, english] },

  // Asia
  { name: "India", isoCode: "IN", locationCode: 2356, languages: [english, hindi] },
  { name: "Japan", isoCode: "JP", locationCode: 2392, languages: [japanese] },
  { name: "South Korea", isoCode: "KR", locationCode: 2410, languages: [korean] },
  { name: "China", isoCode: "CN", locationCode: 2156, languages: [chinese] },
  { name: "Singapore", isoCode: "SG", locationCode: 2702, languages: [english, chinese] },
];

export const llms: SeedLlm[] = [
  { name: "GPT-4o", nameOpenrouter: "openai/gpt-4o", webSearch: true },
  { name: "Claude Sonnet 4", nameOpenrouter: "anthropic/claude-sonnet-4", webSearch: true },
  { name: "Gemini 2.5 Pro", nameOpenrouter: "google/gemini-2.5-pro", webSearch: true },
  { name: "Perplexity Sonar", nameOpenrouter: "perplexity/sonar", webSearch: true },
  { name: "Mistral Large", nameOpenrouter: "mistralai/mistral-large", webSearch: false },
  { name: "Llama 3.3 70B", nameOpenrouter: "meta-llama/llama-3.3-70b-instruct", webSearch: false },
];

export const toneGroups: SeedTone[] = [
  {
    name: "Professionnel et expert",
    content: "Un ton rigoureux et factuel, qui s'appuie sur des faits vérifiables et une expertise métier assumée.",
    children: [
      {
        name: "Analyse réglementaire",
        content:
          "La généralisation de la facturation électronique entre les entreprises assujetties à la TVA constitue l'un des chantiers majeurs des prochaines années. Au-delà de la contrainte réglementaire, elle offre l'occasion de rationaliser les processus comptables et de fiabiliser le suivi des encaissements. Les organisations qui anticipent ce passage disposent d'un avantage net : elles peuvent tester leurs flux, corriger la qualité de leurs données clients et former leurs équipes sans subir la pression des échéances. Le choix de la plateforme agréée doit reposer sur des critères précis, notamment la compatibilité avec le logiciel de gestion existant, le niveau d'accompagnement proposé et la capacité à traiter les volumes de l'entreprise. Nous recommandons d'engager un audit préalable des flux de facturation afin d'identifier les points de friction et de hiérarchiser les actions.",
      },
      {
        name: "Note technique SEO",
        content:
          "Les Core Web Vitals évaluent trois dimensions de l'expérience utilisateur : la vitesse d'affichage du contenu principal (LCP), la réactivité de la page aux interactions (INP) et la stabilité visuelle (CLS). Google considère une page comme performante lorsque le LCP reste inférieur à 2,5 secondes, l'INP sous 200 millisecondes et le CLS sous 0,1, mesurés sur le 75e centile des visites réelles. Ces indicateurs ne constituent pas un levier de positionnement décisif à eux seuls, mais ils départagent des contenus de pertinence comparable. En pratique, les gains les plus rapides proviennent de l'optimisation des images, du chargement différé des scripts tiers et de la réservation d'espace pour les éléments dynamiques. Un suivi mensuel via les données de terrain permet de vérifier que les corrections produisent un effet durable.",
      },
    ],
  },
  {
    name: "Chaleureux et accessible",
    content: "Un ton bienveillant et proche du lecteur, qui le tutoie ou le vouvoie avec simplicité et partage des expériences concrètes.",
    children: [
      {
        name: "Article de blog convivial",
        content:
          "Vous avez envie de vous lancer dans le potager mais vous ne savez pas par où commencer ? Rassurez-vous, nous sommes tous passés par là ! La première année, on plante souvent trop, trop serré et un peu n'importe quand. Et ce n'est pas grave du tout. Commencez petit : un carré d'un mètre sur un mètre suffit largement pour récolter quelques tomates, une poignée de radis et des herbes aromatiques à glisser dans vos salades. Choisissez un coin bien ensoleillé, ajoutez un bon compost, puis laissez la nature faire une partie du travail. Le vrai secret, c'est de passer voir vos plantations un peu chaque jour, un café à la main. Vous verrez, ce petit rituel devient vite le meilleur moment de la journée.",
      },
      {
        name: "Conseils pratiques bienveillants",
        content:
          "Organiser un déménagement avec des enfants, ça peut vite ressembler à un marathon. Alors on souffle un bon coup et on avance étape par étape ! Quelques semaines avant le jour J, impliquez vos petits dans le tri de leurs jouets : ils seront fiers de choisir ce qu'ils emportent et ce qu'ils donnent. Préparez aussi un carton « premiers jours » avec leur doudou, un pyjama, une veilleuse et deux ou trois livres préférés. Ce sera le premier carton ouvert dans la nouvelle maison, et croyez-nous, il fait des miracles le premier soir. Enfin, accordez-vous le droit de ne pas tout ranger tout de suite. Une pizza partagée par terre au milieu des cartons, c'est souvent le souvenir dont toute la famille reparle des années plus tard.",
      },
    ],
  },
  {
    name: "Direct et commercial",
    content: "Un ton percutant et orienté conversion, avec des phrases courtes, des bénéfices clairs et un appel à l'action explicite.",
    children: [
      {
        name: "Page de service",
        content:
          "Votre site attire des visiteurs, mais ils repartent sans vous contacter ? Le problème ne vient pas de votre offre. Il vient de votre page. Nous réécrivons vos pages clés pour qu'elles répondent aux vraies questions de vos prospects, en quelques secondes. Un titre clair. Des bénéfices concrets. Des preuves qui rassurent. Un bouton qu'on a envie de cliquer. Chaque texte est optimisé pour le référencement naturel et pensé pour convertir, pas seulement pour plaire aux moteurs de recherche. Vous recevez une première version sous dix jours ouvrés, avec deux séries de corrections incluses. Pas d'engagement sur la durée, pas de frais cachés. Réservez dès aujourd'hui un appel de trente minutes : nous analysons gratuitement votre page principale et vous repartez avec trois améliorations prêtes à appliquer.",
      },
      {
        name: "Présentation produit",
        content:
          "Fini les fichiers Excel éparpillés et les relances oubliées. Notre outil de gestion des devis centralise toutes vos propositions commerciales au même endroit. Créez un devis professionnel en moins de cinq minutes grâce à des modèles prêts à l'emploi. Envoyez-le en un clic. Suivez en temps réel son ouverture par votre client. Et quand il est validé, transformez-le en facture sans rien ressaisir. Résultat : vous gagnez des heures chaque semaine et vous ne laissez plus filer aucune opportunité. L'outil s'adapte aux indépendants comme aux équipes de vingt personnes, et la prise en main ne demande aucune formation. Testez-le gratuitement pendant quatorze jours, sans carte bancaire. Si vous n'êtes pas convaincu, vous n'avez rien à faire : votre compte s'arrête tout seul.",
      },
    ],
  },
  {
    name: "Pédagogique",
    content: "Un ton clair et structuré, qui explique pas à pas, définit les notions et s'appuie sur des exemples simples.",
    children: [
      {
        name: "Explication d'une notion",
        content:
          "Le taux de rebond désigne la part des visiteurs qui quittent un site après avoir consulté une seule page, sans autre interaction. Prenons un exemple : sur cent personnes arrivées sur votre article, quarante repartent immédiatement ; votre taux de rebond est alors de 40 %. Faut-il s'en inquiéter ? Pas forcément. Tout dépend de l'objectif de la page. Un lecteur qui trouve tout de suite l'horaire d'ouverture d'un magasin repart satisfait, même s'il ne clique nulle part. En revanche, sur une page censée mener vers un formulaire de contact, un rebond élevé signale souvent un décalage entre la promesse du titre et le contenu proposé. Pour interpréter cet indicateur correctement, comparez toujours des pages de même nature et observez son évolution dans le temps.",
      },
      {
        name: "Guide pas à pas",
        content:
          "Rédiger une balise title efficace se fait en trois étapes. Première étape : identifiez la requête principale de la page, c'est-à-dire l'expression que vos lecteurs tapent réellement dans le moteur de recherche. Deuxième étape : placez cette expression au début du titre, car c'est la partie que l'internaute lit en premier. Par exemple, « Recette de crêpes légères : la pâte inratable en 10 minutes » fonctionne mieux que « Notre délicieuse recette maison de crêpes ». Troisième étape : vérifiez la longueur. Au-delà d'environ 60 caractères, Google risque de couper votre titre dans les résultats. Enfin, relisez-vous en vous posant une question simple : ce titre donne-t-il envie de cliquer et décrit-il fidèlement le contenu ? Si la réponse est oui, vous avez terminé.",
      },
    ],
  },
];
