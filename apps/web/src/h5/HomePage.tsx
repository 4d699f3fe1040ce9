import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { List, Swiper } from 'antd-mobile';
import { HOME_MODULE } from '@huodong/domain';
import { useReaderRead, useReaderSession } from './reader';
import { H5Page } from './H5Page';
import { H5_TEXTS as T } from './texts';

interface Card {
  id: number;
  title: string;
  cover?: string;
  /** An activity's type; a digital resource has `kind` and `link` instead. */
  type?: number;
  link?: string;
  author?: string;
}
interface HomeModule {
  id: number;
  title: string;
  kind: number;
  style: number;
  albums?: { id: number; name: string; items: Card[] }[];
}
interface ReaderHome {
  carousel: { id: number; image: string; title: string; link: string }[];
  modules: HomeModule[];
  reading_show: Card[];
  rules: string;
}

/** The rules' rich text as plain text (the server keeps it sanitised; the phone shows its words). */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/** How an album's items are laid out, by the module's style (HOME_STYLES: 列表, 大图, 宫格, 横向滑动). */
const STYLE_CLASS: Record<number, string> = { 2: 'h5-tiles h5-tiles-big', 3: 'h5-tiles h5-tiles-grid', 4: 'h5-tiles h5-tiles-row' };

/** A card's title as its way in: an activity opens its page, a digital resource its link. */
function CardLink({ org, card, children }: { org: string; card: Card; children: ReactNode }) {
  if (card.type !== undefined)
    return (
      <Link className="h5-link" to={`/${org}/h5/activities/${card.id}`}>
        {children}
      </Link>
    );
  if (card.link)
    return (
      <a className="h5-link" href={card.link} target="_blank" rel="noreferrer">
        {children}
      </a>
    );
  return <span className="h5-link">{children}</span>;
}

/** Cards in the module's style: a list, or tiles with their covers (large, a grid, a row that scrolls sideways). */
function Cards({ org, cards, style, header }: { org: string; cards: Card[]; style: number; header?: string }) {
  const tiles = STYLE_CLASS[style];
  if (!tiles)
    return (
      <List header={header}>
        {cards.map((c) => (
          <List.Item key={`${c.type ?? 'r'}-${c.id}`} description={c.author || undefined}>
            <CardLink org={org} card={c}>
              {c.title}
            </CardLink>
          </List.Item>
        ))}
      </List>
    );
  return (
    <>
      {header && <h3 className="h5-album">{header}</h3>}
      <ul className={tiles}>
        {cards.map((c) => (
          <li key={`${c.type ?? 'r'}-${c.id}`}>
            <CardLink org={org} card={c}>
              {c.cover && <img src={c.cover} alt="" loading="lazy" />}
              <span>{c.title}</span>
            </CardLink>
          </li>
        ))}
      </ul>
    </>
  );
}

function Carousel({ slides, label }: { slides: ReaderHome['carousel']; label: string }) {
  return (
    <section className="h5-panel" aria-label={label}>
      <Swiper autoplay loop={slides.length > 1}>
        {slides.map((s) => (
          <Swiper.Item key={s.id}>
            <a className="h5-slide" href={s.link || undefined}>
              {s.image ? <img src={s.image} alt={s.title} /> : <span>{s.title}</span>}
            </a>
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}

/**
 * The organisation's home as its administrators configured it (`GET /client/home`): the modules in
 * their order and style — the carousel, activity and resource albums, the reading show, the rules
 * where their modules stand. The carousel, reading show or rules that no module places keep their
 * usual place (the carousel first, the others last).
 */
export function HomePage() {
  const { org } = useReaderSession();
  const { data, error } = useReaderRead<ReaderHome>('/home');
  const rules = useMemo(() => (data?.rules ? textOf(data.rules) : ''), [data?.rules]);
  if (!data) return <H5Page title={T.appTitle} testId="h5-home" error={error} loading />;
  const placed = new Set(data.modules.map((m) => m.kind));
  const carousel = (label: string) => data.carousel.length > 0 && <Carousel slides={data.carousel} label={label} />;
  const show = (title: string, style: number) =>
    data.reading_show.length > 0 && (
      <section className="h5-panel">
        <h2>{title}</h2>
        <Cards org={org} cards={data.reading_show} style={style} />
      </section>
    );
  const rulesText = (title: string) =>
    rules && (
      <section className="h5-panel">
        <h2>{title}</h2>
        <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{rules}</p>
      </section>
    );
  const moduleOf = (m: HomeModule) => {
    if (m.kind === HOME_MODULE.carousel) return carousel(m.title);
    if (m.kind === HOME_MODULE.readingShow) return show(m.title, m.style);
    if (m.kind === HOME_MODULE.rules) return rulesText(m.title);
    const albums = (m.albums ?? []).filter((a) => a.items.length > 0);
    return (
      albums.length > 0 && (
        <section className="h5-panel">
          <h2>{m.title}</h2>
          {albums.map((a) => (
            <Cards key={a.id} org={org} cards={a.items} style={m.style} header={a.name} />
          ))}
        </section>
      )
    );
  };
  const nothing = !data.carousel.length && !data.reading_show.length && !rules && data.modules.every((m) => !m.albums?.some((a) => a.items.length));
  return (
    <H5Page title={T.appTitle} testId="h5-home">
      <Link className="h5-link h5-panel h5-scan-entry" to={`/${org}/h5/scan`}>
        {T.scan}
      </Link>
      {!placed.has(HOME_MODULE.carousel) && carousel('轮播图')}
      {data.modules.map((m) => (
        <div key={m.id}>{moduleOf(m)}</div>
      ))}
      {!placed.has(HOME_MODULE.readingShow) && show(T.readingShow, 1)}
      {!placed.has(HOME_MODULE.rules) && rulesText(T.rules)}
      <Link className="h5-link h5-panel" to={`/${org}/h5/cases`}>
        {T.readingCases}
      </Link>
      {nothing && (
        <p className="h5-muted">
          {T.empty}，<Link to={`/${org}/h5/activities`}>{T.myActivities}</Link>
        </p>
      )}
    </H5Page>
  );
}
