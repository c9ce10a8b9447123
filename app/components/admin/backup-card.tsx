import { Form, Link, useNavigation } from "@remix-run/react";
import { BACKUP_TEXTS, formatBytes } from "#app/modules/backup/messages.ts";
import type { BackupCardData, BackupWarning } from "#app/modules/backup/status.server.ts";
import { usePollWhile } from "./poll.ts";

// The workshop's own clock, said so (the server may run in UTC).
const when = (iso: string) => `${new Date(iso).toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "medium", timeStyle: "short" })} IST`;

/** The owner's backups on the overview: the last good one, what is running, "Back up now" and the latest dump. */
export function BackupCard({ card, notice }: { card: BackupCardData; notice: string | null }) {
  const { last, lastGood, queued, lastGoodHere, downloadable } = card;
  const running = last?.status === "running";
  // "Requested" is said by the card itself while it waits; once the run has ended the card shows how.
  const shownNotice = notice === BACKUP_TEXTS.queued ? null : notice;
  const submitting = useNavigation().formAction === "/dashboard/backups";
  // With JavaScript the card follows the backup until it ends; without, the page shows it as it was.
  usePollWhile(running || queued, 2000);
  return (
    <section id="backups" className="mt-8 rounded-lg bg-white p-4 shadow-sm" data-testid="backup-card" aria-labelledby="backups-title">
      <h2 id="backups-title" className="font-serif text-xl text-brass-800">
        {BACKUP_TEXTS.cardTitle}
      </h2>
      {shownNotice ? (
        <p role="status" className="mt-2 rounded border border-brass-200 bg-brass-50 p-2 text-sm" data-testid="backup-notice">
          {shownNotice}
        </p>
      ) : null}
      {lastGood ? (
        <p className="mt-2 text-sm" data-testid="backup-last-good">
          {BACKUP_TEXTS.lastGood}: <time dateTime={lastGood.finishedAt!}>{when(lastGood.finishedAt!)}</time>,{" "}
          <span data-testid="backup-size">{formatBytes(lastGood.bytes ?? 0)}</span>, {lastGoodHere ? "in" : "made in"}{" "}
          <span className="break-all font-mono text-xs" data-testid="backup-where">
            {lastGood.location}/{lastGood.name}
          </span>
          . {lastGoodHere ? BACKUP_TEXTS.contents : <span data-testid="backup-not-here">{BACKUP_TEXTS.notHere}</span>}
        </p>
      ) : (
        <p className="mt-2 text-sm" data-testid="backup-last-good">
          {BACKUP_TEXTS.never}
        </p>
      )}
      {lastGood && lastGoodHere && !lastGood.location.startsWith("s3://") ? (
        <p className="mt-2 text-sm text-brass-900/80" data-testid="backup-on-this-server">
          {BACKUP_TEXTS.onThisServer}
        </p>
      ) : null}
      {running || queued ? (
        <p role="status" className="mt-2 text-sm font-semibold text-brass-800" data-testid="backup-running">
          {running ? `${BACKUP_TEXTS.running}: ${last.phase ?? "…"}` : BACKUP_TEXTS.queued}
          {/* Without JavaScript the card is as the page was loaded: a way to look again, back at the card.
              Not /dashboard#backups: from there, the same address would only scroll, not load. */}
          <noscript>
            {" "}
            <a href="/dashboard/backups" className="inline-flex min-h-11 items-center font-normal text-clay underline" data-testid="backup-check-again">
              {BACKUP_TEXTS.checkAgain}
            </a>
          </noscript>
        </p>
      ) : last?.status === "failed" ? (
        <p className="mt-2 text-sm text-red-800" data-testid="backup-failed">
          {BACKUP_TEXTS.failedAt} ({when(last.finishedAt ?? last.startedAt)}): {last.error}
        </p>
      ) : last?.status === "succeeded" && last.error ? (
        <p className="mt-2 text-sm text-red-800" data-testid="backup-missing">
          {BACKUP_TEXTS.warningMissing} {last.error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" action="/dashboard/backups">
          <button
            type="submit"
            disabled={running || queued || submitting}
            className="min-h-11 rounded bg-brass-700 px-4 text-white disabled:opacity-60"
            data-testid="backup-now"
          >
            {BACKUP_TEXTS.backUpNow}
          </button>
        </Form>
        {downloadable ? (
          <a href="/dashboard/backups/latest-dump" download className="inline-flex min-h-11 items-center text-sm text-clay underline" data-testid="backup-download">
            {BACKUP_TEXTS.download}
          </a>
        ) : lastGood ? (
          <p className="text-sm" data-testid="backup-no-download">
            {BACKUP_TEXTS.noDump}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** On every dashboard page while no backup succeeded in 48 hours, or the last one failed. */
export function BackupWarningBanner({ warning }: { warning: BackupWarning | null }) {
  if (!warning) return null;
  return (
    <p role="alert" data-testid="backup-warning" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {warning.message}
      {warning.reason ? ` ${warning.reason}` : ""}{" "}
      <Link to="/dashboard#backups" className="inline-block py-2 font-semibold underline">
        {BACKUP_TEXTS.warningLink}
      </Link>
    </p>
  );
}
