/** Text for HTML, in element content or a quoted attribute: `& < > " '` as character references. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
