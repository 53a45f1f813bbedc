import { Icon } from "../ui/icon";
import { ICON_NAMES } from "../ui/icon-names";

/** `/_icons`: the icon sprite, every symbol with its name. */
export default function Icons() {
  return (
    <section className="icons">
      <h1>Icons</h1>
      <ul className="icons__grid">
        {ICON_NAMES.map((name) => (
          <li key={name}>
            <Icon name={name} size={32} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const meta = () => [{ title: "Icons" }, { name: "robots", content: "noindex" }];
