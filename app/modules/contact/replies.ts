// Reply links for a stored contact message (the admin's Messages screen).

/** "Re: <subject>", not doubled when the subject already starts with "Re:". */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

export function emailReplyHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(replySubject(subject))}`;
}
