/** Home2 (/home-2): the same sections as Home1 with different copy, in French. Facts come from ~/lib/offer. */
import {
  CalendarClock,
  FileText,
  ImageIcon,
  Layers,
  MessagesSquare,
  PenLine,
  RefreshCw,
  ShieldCheck,
  UploadCloud,
  Wand2,
} from "lucide-react";
import type { LandingContent } from "~/components/marketing/variants/types";
import {
  ARTICLE_PRICE_EUR,
  BRIEF_MINUTES,
  BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH,
  REVISION_ROUNDS,
  STRATEGY_CALL_MINUTES,
  STYLE_SAMPLE_POSTS,
  TRIAL_PRICE_EUR,
  TURNAROUND_HOURS,
} from "~/lib/offer";

/** French typography: a non-breaking space before the euro sign and between a number and its unit. */
const nb = "\u00a0";
const trial = `${TRIAL_PRICE_EUR}${nb}€`;
const price = `${ARTICLE_PRICE_EUR}${nb}€`;
const words = `1${nb}500 à 2${nb}000+ mots`;
const average = `1${nb}800${nb}mots`;
const hours = `${TURNAROUND_HOURS}${nb}h`;
const guarantee = "Nous réécrivons l'article jusqu'à ce qu'il vous plaise, sinon vous ne payez rien.";

export const home2: LandingContent = {
  lang: "fr",
  meta: {
    title: `Articles SEO clés en main\u00a0: le premier à ${trial}, puis ${price} HT`,
    description: `Recherche de clusters thématiques, rédaction par IA, relecture par un expert et mise en ligne sur votre WordPress en ${hours}\u00a0: des articles de ${words}. Premier article à ${trial}.`,
  },
  offers: [
    { name: "Article d'essai", price: TRIAL_PRICE_EUR, description: "Premier article, un seul par client" },
    { name: "Article", price: ARTICLE_PRICE_EUR, description: "Par article, hors taxes" },
  ],
  hero: {
    eyebrow: "Rédaction SEO et IA, clés en main",
    title: "Votre blog publie chaque semaine, sans que vous écriviez une ligne",
    lead: `Nous trouvons les sujets qui comptent pour votre marché, rédigeons vos articles avec l'IA, les faisons relire par un expert et les déposons sur votre WordPress en ${hours}. Sans frais d'installation, sans engagement, sans outil à apprendre.`,
    primary: { label: `Mon premier article à ${trial}`, href: "#pricing" },
    secondary: { label: "Voir comment ça marche", href: "#how" },
    highlights: [words, "Deux séries de révisions", `Livré en ${hours}`],
    preview: {
      caption: "Exemple d'article livré\u00a0: un brouillon prêt à publier dans le WordPress du client.",
      status: "Prêt à publier",
      site: "wp-admin · Articles · Brouillon",
      title: "Isolation des combles\u00a0: combien coûte vraiment un chantier en 2025\u00a0?",
      meta: [average, "Image à la une", "Méta-description"],
      checklist: [
        "Cluster thématique analysé",
        "Plan validé par vous",
        "Brouillon IA relu par un expert",
        "Déposé en brouillon sur WordPress",
      ],
      footer: `Deux séries de révisions disponibles · livré en moins de ${hours}`,
    },
  },
  process: {
    eyebrow: "Comment ça marche",
    title: "Trois étapes, et votre article est en ligne",
    intro:
      "Votre seule tâche\u00a0: nous parler de votre site. La recherche, la rédaction, la relecture et la mise en ligne sont pour nous.",
    steps: [
      {
        icon: MessagesSquare,
        title: `Un brief de ${BRIEF_MINUTES}${nb}minutes`,
        description: `Décrivez votre site, vos lecteurs et les sujets à conquérir. Joignez ${STYLE_SAMPLE_POSTS} articles existants\u00a0: nous reprenons votre style.`,
      },
      {
        icon: PenLine,
        title: "Recherche, rédaction et relecture",
        description:
          "Nous analysons le cluster thématique, vous validez le plan, puis l'IA rédige et notre éditeur corrige chaque phrase\u00a0: faits, structure, ton et liens.",
      },
      {
        icon: UploadCloud,
        title: "Relecture sur WordPress, puis publication",
        description:
          "L'article vous attend en brouillon sur votre WordPress, avec son image libre de droits. Publiez-le, ou demandez une des deux séries de révisions.",
      },
    ],
  },
  comparison: {
    eyebrow: "Faire soi-même\u00a0?",
    title: "Pourquoi ne pas utiliser vous-même les outils SEO à base d'IA\u00a0?",
    intro:
      "Un outil d'IA produit un texte en quelques secondes. En faire un article qui se classe demande encore de la recherche, de la relecture et des heures de votre semaine.",
    caption: "Notre service clés en main comparé à la rédaction vous-même avec des outils d'IA",
    labels: { service: "Notre service clés en main", diy: "Vous, avec des outils d'IA" },
    rows: [
      {
        feature: "Choix des sujets",
        service: { text: "Clusters thématiques analysés et planifiés pour vous", status: "good" },
        diy: { text: "À vous de choisir les mots-clés et d'écrire les prompts", status: "mixed" },
      },
      {
        feature: "Qualité du texte",
        service: { text: "Brouillon IA relu phrase par phrase par un expert", status: "good" },
        diy: { text: "Texte brut de l'IA\u00a0: générique, répétitif, parfois faux", status: "bad" },
      },
      {
        feature: "Longueur",
        service: { text: `${words}, ${average} en moyenne`, status: "good" },
        diy: { text: "Réponses courtes, sauf à assembler les parties à la main", status: "mixed" },
      },
      {
        feature: "Votre temps",
        service: { text: `Un brief de ${BRIEF_MINUTES}${nb}minutes, puis une relecture rapide`, status: "good" },
        diy: { text: "Des heures de prompts, de vérifications et de mise en forme", status: "bad" },
      },
      {
        feature: "Mise en ligne",
        service: { text: "Déposé sur votre WordPress avec une image à la une", status: "good" },
        diy: { text: "Copier, coller, mettre en forme, chercher des images", status: "bad" },
      },
      {
        feature: "Corrections",
        service: { text: "Deux séries de révisions incluses", status: "good" },
        diy: { text: "Reformuler le prompt jusqu'à ce que ça sonne juste", status: "mixed" },
      },
      {
        feature: "Risque",
        service: { text: guarantee, status: "good" },
        diy: { text: "Les abonnements sont dus, quel que soit le résultat", status: "bad" },
      },
    ],
  },
  features: {
    eyebrow: "Ce qui est inclus",
    title: "Tout ce qu'il faut pour qu'un article se classe",
    intro: `Les huit mêmes engagements pour chaque article, de l'essai à ${trial} jusqu'au centième.`,
    items: [
      {
        icon: Layers,
        title: "Recherche par clusters",
        description: "Nous cartographions les questions de vos clients et planifions des articles qui se renforcent entre eux.",
      },
      {
        icon: Wand2,
        title: "Rédigé par l'IA, relu par un expert",
        description: "L'IA apporte la vitesse\u00a0; notre éditeur apporte l'exactitude, la structure et votre ton.",
      },
      {
        icon: FileText,
        title: words,
        description: `Assez long pour répondre vraiment à la question\u00a0: ${average} en moyenne, sans remplissage.`,
      },
      {
        icon: RefreshCw,
        title: `${REVISION_ROUNDS} séries de révisions`,
        description: "Demandez des modifications deux fois par article\u00a0; nous retravaillons le texte jusqu'à ce qu'il vous convienne.",
      },
      {
        icon: UploadCloud,
        title: "Mise en ligne sur WordPress",
        description: "Titres, liens et méta-description en place, enregistré en brouillon pour votre relecture.",
      },
      {
        icon: ImageIcon,
        title: "Image libre de droits",
        description: "Chaque article arrive avec une image à la une que vous pouvez utiliser librement.",
      },
      {
        icon: CalendarClock,
        title: `Livraison en ${hours}`,
        description: `L'article arrive sur votre WordPress dans les ${hours} qui suivent la validation du plan.`,
      },
      { icon: ShieldCheck, title: "Satisfait ou gratuit", description: guarantee },
    ],
  },
  testimonials: {
    eyebrow: "Témoignages",
    title: "Ils ont confié leur blog à notre équipe",
    intro: "Ce que nos clients en disent après quelques semaines.",
    items: [
      {
        quote:
          "Notre blog était à l'abandon depuis deux ans. En un mois, huit articles sont en ligne et nos pages de services reçoivent enfin des visites depuis Google.",
        name: "Julien Morel",
        title: "Gérant, entreprise de rénovation énergétique",
      },
      {
        quote:
          "Je craignais un texte d'IA sans âme. Les articles reprennent notre vocabulaire et nos exemples\u00a0: nos clients pensent que c'est nous qui écrivons.",
        name: "Nadia Benali",
        title: "Fondatrice, boutique en ligne de cosmétiques",
      },
      {
        quote:
          "Je valide le plan le matin, l'article est dans WordPress le lendemain avec son image. Je n'ai plus qu'à cliquer sur Publier.",
        name: "Thomas Garnier",
        title: "Responsable marketing, éditeur de logiciels",
      },
    ],
  },
  pricing: {
    eyebrow: "Tarif",
    title: `Jugez sur pièce\u00a0: votre premier article à ${trial}`,
    intro:
      "Une somme symbolique pour garantir des demandes sérieuses. Vous évaluez la qualité sur votre propre site avant de vous engager.",
    plans: ({ paymentLinkUrl }) => [
      {
        name: "Article d'essai",
        price: trial,
        priceSuffix: "le premier article",
        description: "Un article complet, relu par un expert et déposé sur votre WordPress.",
        features: [
          "Recherche de clusters thématiques",
          `Article de ${words}, rédigé par l'IA et relu par un expert`,
          "Deux séries de révisions",
          "Mise en ligne sur votre WordPress",
          "Image à la une libre de droits",
          `Livraison en ${hours}`,
        ],
        isPopular: false,
        featured: true,
        cta: { label: `Commander mon article à ${trial}`, href: paymentLinkUrl, external: true },
        note: `Ensuite ${price} HT par article. Un seul article d'essai par client.`,
      },
    ],
    aside: {
      title: "Après l'essai",
      items: [
        `${price} HT par article, sans abonnement\u00a0: vous commandez quand vous en avez besoin.`,
        `Remises sur volume au-delà de ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles par mois.`,
        "Aucun frais d'installation, aucun engagement, rien à installer ni à apprendre.",
        guarantee,
      ],
      contact: {
        text: `Une question avant de commander\u00a0? Demandez un appel stratégique gratuit de ${STRATEGY_CALL_MINUTES}${nb}minutes\u00a0:`,
        label: "écrivez-nous",
      },
    },
  },
  faq: {
    eyebrow: "Questions fréquentes",
    title: "Vos questions, nos réponses",
    items: [
      {
        question: "Quelle est la longueur des articles\u00a0?",
        answer: `De 1${nb}500 à plus de 2${nb}000 mots selon le sujet. Un article compte en moyenne ${average}.`,
      },
      {
        question: "À qui appartiennent les articles\u00a0?",
        answer: "À vous. Vous détenez l'intégralité des droits et des fichiers sources, image à la une comprise.",
      },
      {
        question: "Les articles respecteront-ils notre style\u00a0?",
        answer: `Oui. Envoyez-nous ${STYLE_SAMPLE_POSTS} articles existants avec votre brief\u00a0: nous reprenons votre ton, votre style et votre vocabulaire.`,
      },
      {
        question: "Garantissez-vous un classement sur Google\u00a0?",
        answer:
          "Personne ne peut honnêtement promettre une position. Nous garantissons le travail\u00a0: des articles recherchés et relus par un expert, deux séries de révisions, et une réécriture jusqu'à ce que l'article vous plaise, sinon vous ne payez rien.",
      },
      {
        question: "En combien de temps recevons-nous un article\u00a0?",
        answer: `La plupart des articles arrivent dans les ${hours} qui suivent la validation du plan. Comptez 24 à 48${nb}heures pour le tout premier, le temps de découvrir votre site.`,
      },
      {
        question: `Pourquoi le premier article coûte-t-il ${trial}\u00a0?`,
        answer: `Cette petite somme garantit des demandes sérieuses. L'offre à ${trial} est limitée à un article par client\u00a0; chaque article suivant coûte ${price} HT.`,
      },
      {
        question: "Peut-on échanger avant de commander\u00a0?",
        answer: `Bien sûr. Écrivez-nous et nous fixerons un appel stratégique gratuit de ${STRATEGY_CALL_MINUTES}${nb}minutes pour étudier ensemble votre site et vos sujets.`,
      },
      {
        question: "Proposez-vous des remises sur volume\u00a0?",
        answer: `Oui, au-delà de ${BULK_DISCOUNT_ABOVE_ARTICLES_PER_MONTH} articles par mois. Indiquez-nous votre volume et nous vous enverrons un devis.`,
      },
    ],
  },
  closing: {
    title: "Votre prochain article pourrait être en ligne demain",
    intro: `Remplissez un brief de ${BRIEF_MINUTES}${nb}minutes aujourd'hui et relisez un article terminé sur votre WordPress dans les ${hours}, pour ${trial}.`,
    primary: ({ paymentLinkUrl }) => ({ label: `Commander mon article à ${trial}`, href: paymentLinkUrl, external: true }),
    secondary: ({ contactEmail }) => ({ label: "Nous écrire", href: `mailto:${contactEmail}` }),
  },
};
