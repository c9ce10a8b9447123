import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DayBars, Sparkline } from "#app/components/admin/interest-charts.tsx";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { INTEREST_RANGES, parseRange } from "#app/modules/interest/kinds.ts";
import type { DayTotals, RankedPiece } from "#app/modules/interest/report.server.ts";
import { interestScreen } from "#app/modules/interest/screen.server.ts";
import { INTEREST_TEXT as T } from "#app/modules/interest/texts.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return interestScreen(parseRange(new URL(request.url).searchParams.get("days")));
}

function TopPieces({ pieces, testId }: { pieces: readonly RankedPiece[]; testId: string }) {
  if (pieces.length === 0) return <p className="mt-2 text-sm">{T.noPieces}</p>;
  return (
    <ol className="mt-2 divide-y divide-brass-200 rounded-lg bg-white shadow-sm" data-testid={testId}>
      {pieces.map((piece) => (
        <li key={piece.productId} className="flex items-center gap-3 p-3" data-testid="interest-piece">
          <div className="min-w-0 flex-1">
            <Link to={`/dashboard/edit-product/${piece.productId}`} className="inline-flex min-h-11 items-center font-medium underline" data-testid="interest-piece-name">
              {piece.name}
            </Link>
          </div>
          <Sparkline values={piece.series} label={T.trend(piece.name, piece.total)} />
          <span className="w-12 text-right font-semibold tabular-nums" data-testid="interest-piece-total">
            {piece.total}
          </span>
        </li>
      ))}
    </ol>
  );
}

function Summary({ totals }: { totals: readonly DayTotals[] }) {
  const keys = Object.keys(T.summary) as Array<keyof typeof T.summary>;
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" data-testid="interest-summary">
      {keys.map((key) => (
        <div key={key} className="rounded bg-white p-2 shadow-sm">
          <dt className="text-brass-900/80">{T.summary[key]}</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid={`interest-total-${key}`}>
            {totals.reduce((sum, day) => sum + day[key], 0)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default function Interest() {
  const { range, totals, byTaps, byViews, missed } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">{T.title}</h1>
      <p className="mt-1 text-sm text-brass-900/80">{T.intro}</p>
      <nav aria-label={T.rangeLabel} className="mt-3 flex flex-wrap gap-2">
        {INTEREST_RANGES.map((days) => (
          <Link
            key={days}
            to={`?days=${days}`}
            aria-current={days === range ? "page" : undefined}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 ${days === range ? "border-brass-700 bg-brass-700 text-white" : "border-brass-300 bg-white"}`}
          >
            {T.range(days)}
          </Link>
        ))}
      </nav>

      <HeadedSection heading="interest-totals" title={T.totalsHeading} size="lg" className="mt-6">
        <Summary totals={totals} />
        <DayBars days={totals.map((d) => ({ day: d.day, value: d.pageViews }))} title={T.viewsChart} testId="chart-views" />
        <DayBars days={totals.map((d) => ({ day: d.day, value: d.taps }))} title={T.tapsChart} testId="chart-taps" />
        <p className="mt-3">
          <a href={`/dashboard/interest.csv?days=${range}`} className="inline-flex min-h-11 items-center font-semibold underline" data-testid="interest-csv" download>
            {T.csv}
          </a>
        </p>
      </HeadedSection>

      <HeadedSection heading="interest-taps" title={T.topTaps} size="lg" className="mt-6">
        <TopPieces pieces={byTaps} testId="top-taps" />
      </HeadedSection>
      <HeadedSection heading="interest-views" title={T.topViews} size="lg" className="mt-6">
        <TopPieces pieces={byViews} testId="top-views" />
      </HeadedSection>

      <HeadedSection heading="interest-missed" title={T.missedHeading} size="lg" className="mt-6">
        <p className="mt-1 text-sm text-brass-900/80">{T.missedIntro}</p>
        {missed.length === 0 ? (
          <p className="mt-2 text-sm">{T.noMissed}</p>
        ) : (
          <ul className="mt-2 divide-y divide-brass-200 rounded-lg bg-white shadow-sm" data-testid="missed-searches">
            {missed.map((search) => (
              <li key={search.query} className="flex justify-between gap-3 p-3" data-testid="missed-search">
                <span className="min-w-0 break-words font-medium">{search.query}</span>
                <span className="shrink-0 text-sm">{T.searchedTimes(search.searches)}</span>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Interest · Dashboard" }];
