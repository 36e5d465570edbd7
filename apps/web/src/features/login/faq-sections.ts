/** A level-2 section of the FAQ: its heading and the markdown below it. */
export interface FaqSection {
  heading: string;
  body: string;
}

/** Splits FAQ markdown into the text before the first '## ' heading and one section per heading. */
export function splitFaq(markdown: string): { intro: string; sections: FaqSection[] } {
  const sections: FaqSection[] = [];
  const intro: string[] = [];
  let current: { heading: string; lines: string[] } | null = null;
  let fenced = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (match?.[1]) {
      if (current)
        sections.push({ heading: current.heading, body: current.lines.join('\n').trim() });
      current = { heading: match[1], lines: [] };
    } else if (current) current.lines.push(line);
    else intro.push(line);
  }
  if (current) sections.push({ heading: current.heading, body: current.lines.join('\n').trim() });
  return { intro: intro.join('\n').trim(), sections };
}
