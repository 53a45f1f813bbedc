import { useLocalePath, useRootData, useT } from "../site/use-root-data";

export type EmbeddedMode = "sign_in" | "sign_up";

/** The message an embedded form posts so the parent page takes the player to the site. */
export function redirectMessage(origin: string, indexPath: string, backUrl: string, mode: EmbeddedMode) {
  const flag = mode === "sign_up" ? "show_popup_reg" : "show_popup_auth";
  const url = new URL(indexPath, origin);
  url.searchParams.set(flag, "1");
  if (backUrl) url.searchParams.set("backUrl", backUrl);
  return { type: "redirect" as const, url: url.href };
}

/**
 * `/forms/sign_in` and `/forms/sign_up`: pages an operator embeds on partner sites. In a frame
 * the button asks the parent to go to the site with the popup open ('redirect' message);
 * standalone it is a plain link there.
 */
export function EmbeddedAuth({ mode }: { mode: EmbeddedMode }) {
  const t = useT();
  const root = useRootData()!;
  const to = useLocalePath();
  const message = redirectMessage(root.origin, to("/"), "", mode);
  return (
    <section className="embedded-auth">
      <img src={root.site.logo.src} width={root.site.logo.width} height={root.site.logo.height} alt={root.site.logo.alt} />
      <h1>{t(`forms.${mode}.title`)}</h1>
      <p>{t(`forms.${mode}.text`)}</p>
      <a
        className="btn btn--primary"
        href={message.url}
        target="_top"
        onClick={(e) => {
          if (window.parent === window) return;
          e.preventDefault();
          const back = document.referrer || "";
          window.parent.postMessage(redirectMessage(root.origin, to("/"), back, mode), "*");
        }}
      >
        {t(`forms.${mode}.button`)}
      </a>
    </section>
  );
}
