export default function Page() {
  return <main className="flex-1">first-article</main>;
}
