/**
 * The overview, for every role: the partner's plan and limits, this minute's requests and
 * this month's jobs against them (as the edge counts them), and a chart of the jobs created
 * each Riyadh day of the last 30.
 * @module
 */
import { planIncludes } from "@hire/partners";
import { formatDate, formatDateTime, formatNumber, type Lang } from "@hire/pages";
import { Hono } from "hono";
import type { PagesDeps } from "../deps.ts";
import type { SignedInEnv } from "../env.ts";
import { planNames } from "../text/common.ts";
import { overviewText } from "../text/overview.ts";
import { barChart, type DayCount, fillDays, lastDays } from "../usage_chart.ts";
import { dailyJobCreates, readUsage } from "../usage_reader.ts";
import { Num } from "../views/components.tsx";
import { renderPage } from "../views/page.tsx";

/** Days the chart covers, today included. */
const CHART_DAYS = 30;

/** A Riyadh calendar day (`YYYY-MM-DD`) as the page writes dates. */
// Noon UTC is mid-afternoon in Riyadh: the instant falls on the day it names.
const dayName = (day: string, lang: Lang) => formatDate(new Date(`${day}T12:00:00Z`), lang);

/** One limit: the count, the limit, and a meter that warns as the count nears it. */
function UsageMeter(
  props: { id: string; label: string; used: number; limit: number; lang: Lang; note: string },
) {
  const { lang, used, limit } = props;
  const t = overviewText[lang];
  const percent = limit > 0 ? Math.min(100, Math.floor((used / limit) * 100)) : 100;
  return (
    <div class="usage">
      <h3 id={`${props.id}-label`}>{props.label}</h3>
      <p class="usage-figures">
        <span class="usage-count">
          {t.of(formatNumber(used, lang), formatNumber(limit, lang))}
        </span>{" "}
        <span class="muted">({t.percent(formatNumber(percent, lang))})</span>
      </p>
      <meter
        min={0}
        max={limit}
        value={Math.min(used, limit)}
        low={limit * 0.75}
        high={limit * 0.9}
        optimum={0}
        aria-labelledby={`${props.id}-label`}
        aria-describedby={`${props.id}-note`}
      >
        {t.of(formatNumber(used, lang), formatNumber(limit, lang))}
      </meter>
      <p class="muted small" id={`${props.id}-note`}>{props.note}</p>
    </div>
  );
}

/** The daily creates as bars, with the figures as a table for those who cannot see them. */
function CreatesChart(props: { series: DayCount[]; lang: Lang }) {
  const { series, lang } = props;
  const t = overviewText[lang];
  const chart = barChart(series, { rtl: lang === "ar" });
  const from = dayName(series[0]!.day, lang);
  const to = dayName(series.at(-1)!.day, lang);
  const total = series.reduce((n, d) => n + d.count, 0);
  const { plot } = chart;
  return (
    <figure class="usage-chart">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-labelledby="creates-chart-title"
        direction="ltr"
      >
        <title id="creates-chart-title">{t.chartLabel(from, to)}</title>
        {chart.ticks.map((tick) => (
          <g class="tick">
            <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
            <text x={tick.labelX} y={tick.y} text-anchor={chart.labelAnchor} dy="0.35em">
              {formatNumber(tick.value, lang)}
            </text>
          </g>
        ))}
        {chart.bars.map((bar) => (
          // A day without jobs gets a hairline, so every one of the days is visibly there.
          <rect
            class={bar.count === 0 ? "bar zero" : "bar"}
            x={bar.x}
            y={bar.count === 0 ? plot.bottom - 1 : bar.y}
            width={bar.width}
            height={bar.count === 0 ? 1 : bar.height}
            data-day={bar.day}
            data-count={bar.count}
          >
            <title>{t.barTitle(dayName(bar.day, lang), formatNumber(bar.count, lang))}</title>
          </rect>
        ))}
      </svg>
      <figcaption>
        <span class="chart-ends">
          <span>{from}</span>
          <span>{to}</span>
        </span>
        <p>{t.chartSummary(formatNumber(total, lang), from, to)}</p>
        <p class="muted small">{t.chartNote}</p>
      </figcaption>
      <details>
        <summary>{t.chartTable}</summary>
        <table class="compact">
          <thead>
            <tr>
              <th scope="col">{t.day}</th>
              <th scope="col">{t.created}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr>
                <td>
                  <time datetime={d.day}>{dayName(d.day, lang)}</time>
                </td>
                <td>
                  <Num value={d.count} lang={lang} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The overview, mounted at `/`. */
export function overviewRoutes(deps: PagesDeps): Hono<SignedInEnv> {
  return new Hono<SignedInEnv>().get("/", async (c) => {
    const lang = c.get("lang");
    const t = overviewText[lang];
    const { partner } = c.get("session");
    const limits = deps.planLimits[partner.plan];
    const usage = await readUsage(deps.sql, partner.id);
    const days = lastDays(usage.today, CHART_DAYS);
    const creates = await dailyJobCreates(deps.sql, { partnerId: partner.id, firstDay: days[0]! });
    return await renderPage(
      c,
      { title: t.title, section: "overview" },
      <>
        <h1>{t.title}</h1>
        <div class="overview-grid">
          <section class="card" aria-labelledby="plan-title">
            <h2 id="plan-title">{t.planTitle}</h2>
            <dl class="facts">
              <dt>{t.planIs}</dt>
              <dd>
                <strong>{planNames[lang][partner.plan]}</strong>
              </dd>
              <dt>{t.requestsPerMinute}</dt>
              <dd>
                <Num value={limits.requestsPerMinute} lang={lang} />
              </dd>
              <dt>{t.jobsPerMonth}</dt>
              <dd>
                <Num value={limits.jobsPerMonth} lang={lang} />
              </dd>
              <dt>{t.webhooksAndBulk}</dt>
              <dd>{planIncludes(partner.plan, "webhooks") ? t.included : t.notIncluded}</dd>
            </dl>
          </section>
          <section class="card" aria-labelledby="usage-title">
            <h2 id="usage-title">{t.usageTitle}</h2>
            <UsageMeter
              id="requests"
              label={t.requestsNow}
              used={usage.requestsThisMinute}
              limit={limits.requestsPerMinute}
              lang={lang}
              note={t.requestsNote}
            />
            <UsageMeter
              id="jobs"
              label={t.jobsThisMonth}
              used={usage.jobsThisMonth}
              limit={limits.jobsPerMonth}
              lang={lang}
              note={t.monthResets(formatDateTime(usage.monthResetsAt, lang))}
            />
          </section>
        </div>
        <section class="card" aria-labelledby="chart-title">
          <h2 id="chart-title">{t.chartTitle}</h2>
          <CreatesChart series={fillDays(days, creates)} lang={lang} />
        </section>
        <section aria-labelledby="links-title">
          <h2 id="links-title">{t.linksTitle}</h2>
          <ul class="links">
            <li>
              <a href="/keys">{t.keysLink}</a>
            </li>
            <li>
              <a href="/webhooks">{t.webhooksLink}</a>
            </li>
            <li>
              <a href="/jobs">{t.jobsLink}</a>
            </li>
            <li>
              <a href={`${deps.apiBaseUrl}/docs`}>{t.apiReference}</a> ·{" "}
              <bdi dir="ltr" class="mono">{deps.apiBaseUrl}</bdi>
            </li>
          </ul>
        </section>
      </>,
    );
  });
}
