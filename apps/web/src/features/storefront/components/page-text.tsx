import type { ReactNode } from 'react';

/**
 * A page the shop wrote as plain text: blank lines part paragraphs, '## ' starts a heading and
 * '- ' a list item. Drawn as React elements, never as HTML, so no text can inject markup.
 */
export function PageText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  for (const [i, block] of text.split(/\n{2,}/).entries()) {
    const lines = block.split('\n').filter((line) => line.trim() !== '');
    let list: string[] = [];
    let paragraph: string[] = [];
    const flush = (key: string) => {
      if (paragraph.length) {
        blocks.push(
          <p key={`${key}p`} className="whitespace-pre-line">
            {paragraph.join('\n')}
          </p>,
        );
        paragraph = [];
      }
      if (list.length) {
        blocks.push(
          <ul key={`${key}l`} className="flex list-disc flex-col gap-1.5 pl-6">
            {list.map((item, n) => (
              <li key={n}>{item}</li>
            ))}
          </ul>,
        );
        list = [];
      }
    };
    for (const [n, line] of lines.entries()) {
      const key = `${i}-${n}`;
      if (line.startsWith('## ')) {
        flush(key);
        blocks.push(
          <h2 key={`${key}h`} className="mt-6 text-2xl font-extrabold first:mt-0">
            {line.slice(3).trim()}
          </h2>,
        );
      } else if (line.startsWith('- ')) {
        if (paragraph.length) flush(key);
        list.push(line.slice(2).trim());
      } else {
        if (list.length) flush(key);
        paragraph.push(line);
      }
    }
    flush(`${i}-end`);
  }
  return <div className="flex flex-col gap-3 leading-relaxed break-words">{blocks}</div>;
}
