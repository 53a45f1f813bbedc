import { Suspense } from "react";
import { Await } from "react-router";
import type { CmsConfig } from "../../../core/api/cms";
import type { Banner } from "../../../core/api/entities";
import { GameRows } from "../games/game-rows";
import { RecentWins } from "../games/recent-wins";
import type { RecentWin } from "../../../core/api/entities-games";
import type { GameRow } from "../games/game-rows.server";
import { ClaimTermsNote } from "../site/claim-terms";
import { CmsLink } from "../site/cms-link";
import { useT } from "../../lib/i18n/use-t";

function Banners({ banners }: { banners: Banner[] }) {
  const t = useT();
  if (banners.length === 0) return null;
  return (
    <ul className="banners" aria-label={t("common.bannersLabel")}>
      {banners.map((b, i) => (
        <li key={b.id} className={`banner banner--${b.display.banner_type}`}>
          <picture>
            <source media="(max-width: 767px)" srcSet={b.display.image_mobile} />
            <img src={b.display.image} alt="" width={1200} height={400} loading={i === 0 ? "eager" : "lazy"} fetchPriority={i === 0 ? "high" : "auto"} />
          </picture>
          <div className="banner__text">
            <p className="banner__label">{b.display.label}</p>
            <p className="banner__value">{b.display.value}</p>
            <p className="banner__addition">{b.display.addition}</p>
            <h2 className="banner__title">{b.description.title}</h2>
            <p className="banner__subtitle">{b.description.subtitle}</p>
            {b.description.link && (
              <CmsLink className="btn btn--primary" link={b.description.link}>
                {b.description.buttonTitle}
              </CmsLink>
            )}
            <ClaimTermsNote terms={b.terms} />
          </div>
        </li>
      ))}
    </ul>
  );
}

interface HomeProps {
  home: CmsConfig["home"];
  banners: Banner[] | Promise<Banner[]>;
  gameRows: GameRow[];
  recentWins: RecentWin[];
}

export function Home({ home, banners, gameRows, recentWins }: HomeProps) {
  const t = useT();
  return (
    <div className="home">
      <section className="hero">
        <h1>{home.heroTitle}</h1>
        <p>{home.heroText}</p>
      </section>
      {Array.isArray(banners) ? (
        <Banners banners={banners} />
      ) : (
        <Suspense fallback={<div className="banners banners--loading" role="status" aria-busy="true" aria-label={t("common.loading")} />}>
          <Await resolve={banners} errorElement={<Banners banners={[]} />}>
            {(items) => <Banners banners={items} />}
          </Await>
        </Suspense>
      )}
      <RecentWins initial={recentWins} />
      <GameRows rows={gameRows} />
      <div className="home__sections">
        {home.sections.map((s) => (
          <section key={s.title} className="card">
            <h2>{s.title}</h2>
            <p>{s.text}</p>
            <CmsLink link={s.link} className="card__link">
              {s.linkTitle}
            </CmsLink>
          </section>
        ))}
      </div>
    </div>
  );
}
