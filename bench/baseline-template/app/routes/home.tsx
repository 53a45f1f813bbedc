export function meta() {
  return [{ title: "Baseline" }];
}

export default function Home() {
  return <h1>Hello from a bare React Router app</h1>;
}
