// Reply links for a stored contact message (the admin's Messages screen).

/** "Re: <subject>", not doubled when the subject already starts with "Re:". */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

export function emailReplyHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(replySubject(subject))}`;
}

/** A WhatsApp chat with the sender (wa.me takes the number as digits only), the greeting prefilled. */
export function whatsappReplyHref(phone: string, name: string, subject: string): string {
  const text = `Hello ${name.trim()}, thank you for your message "${subject.trim()}" to our workshop.`;
  return `https://wa.me/${phone.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
