/** The dashboard's warning while PUBLIC_URL is unset or localhost (app/modules/site/public-url.ts). */
export function PublicUrlWarning({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" data-testid="public-url-warning" className="my-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {message}
    </p>
  );
}
