export const handle = { lang: "en" };

export default function Page() {
  return <main className="flex-1">home-5</main>;
}
