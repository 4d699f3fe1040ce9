import { useMemo } from 'react';
import { Link } from 'react-router';
import { List, Swiper } from 'antd-mobile';
import { useReaderRead, useReaderSession } from './reader';
import { H5Page } from './H5Page';
import { H5_TEXTS as T } from './texts';

interface Card {
  id: number;
  title: string;
  /** An activity's type; a digital resource has `kind` and `link` instead. */
  type?: number;
  link?: string;
  author?: string;
}
interface ReaderHome {
  carousel: { id: number; image: string; title: string; link: string }[];
  modules: { id: number; title: string; albums?: { id: number; name: string; items: Card[] }[] }[];
  reading_show: Card[];
  rules: string;
}

/** The rules' rich text as plain text (the server keeps it sanitised; the phone shows its words). */
const textOf = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/** One card of an album or of the reading show: an activity opens its page, a digital resource its link. */
function CardItem({ org, card }: { org: string; card: Card }) {
  if (card.type !== undefined)
    return (
      <List.Item>
        <Link className="h5-link" to={`/${org}/h5/activities/${card.id}`}>
          {card.title}
        </Link>
      </List.Item>
    );
  return (
    <List.Item description={card.author || undefined}>
      {card.link ? (
        <a className="h5-link" href={card.link} target="_blank" rel="noreferrer">
          {card.title}
        </a>
      ) : (
        card.title
      )}
    </List.Item>
  );
}

/** The organisation's home as its administrators configured it (`GET /client/home`): carousel, modules with albums, reading show, rules. */
export function HomePage() {
  const { org } = useReaderSession();
  const { data, error } = useReaderRead<ReaderHome>('/home');
  const rules = useMemo(() => (data?.rules ? textOf(data.rules) : ''), [data?.rules]);
  const nothing = data && !data.carousel.length && !data.modules.length && !data.reading_show.length && !rules;
  return (
    <H5Page title={T.appTitle} testId="h5-home" error={error} loading={!data}>
      {data && data.carousel.length > 0 && (
        <section className="h5-panel" aria-label="轮播图">
          <Swiper autoplay loop={data.carousel.length > 1}>
            {data.carousel.map((s) => (
              <Swiper.Item key={s.id}>
                <a className="h5-slide" href={s.link || undefined}>
                  {s.image ? <img src={s.image} alt={s.title} /> : <span>{s.title}</span>}
                </a>
              </Swiper.Item>
            ))}
          </Swiper>
        </section>
      )}
      {data?.modules.map((m) => (
        <section key={m.id} className="h5-panel">
          <h2>{m.title}</h2>
          {m.albums?.map((a) => (
            <List key={a.id} header={a.name}>
              {a.items.map((c) => (
                <CardItem key={`${c.type ?? 'r'}-${c.id}`} org={org} card={c} />
              ))}
            </List>
          ))}
        </section>
      ))}
      {data && data.reading_show.length > 0 && (
        <section className="h5-panel">
          <h2>{T.readingShow}</h2>
          <List>
            {data.reading_show.map((c) => (
              <CardItem key={c.id} org={org} card={c} />
            ))}
          </List>
        </section>
      )}
      {rules && (
        <section className="h5-panel">
          <h2>{T.rules}</h2>
          <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{rules}</p>
        </section>
      )}
      {nothing && (
        <p className="h5-muted">
          {T.empty}，<Link to={`/${org}/h5/activities`}>{T.myActivities}</Link>
        </p>
      )}
    </H5Page>
  );
}
