const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text (names, links) for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** The HTML part of a mail: a greeting, paragraphs and one link as a button; every text is escaped here. */
export function htmlMail(input: {
  greeting: string;
  paragraphs: string[];
  link: { href: string; label: string };
}): string {
  const paragraphs = input.paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`);
  return [
    '<!doctype html>',
    '<html><body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2a37">',
    '<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">',
    `<p style="margin:0 0 16px">${escapeHtml(input.greeting)}</p>`,
    ...paragraphs,
    `<p style="margin:24px 0"><a href="${escapeHtml(input.link.href)}" style="display:inline-block;padding:10px 18px;background:#1f6f5c;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(input.link.label)}</a></p>`,
    `<p style="margin:0;font-size:12px;color:#4b5563">${escapeHtml(input.link.href)}</p>`,
    '</div></body></html>',
  ].join('\n');
}
