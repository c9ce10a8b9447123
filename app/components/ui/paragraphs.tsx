/** Prose kept as a list of paragraphs (policies, the story, product notes), each keyed by its opening words. */
export function Paragraphs({ texts, className }: { texts: readonly string[]; className: string }) {
  return (
    <>
      {texts.map((text) => (
        <p key={text.slice(0, 32)} className={className}>
          {text}
        </p>
      ))}
    </>
  );
}
