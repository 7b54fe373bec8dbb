/**
 * The lines of the main result tables of a generated page: tables under a benchmark heading,
 * outside the folded `<details>` blocks (secondary metrics, full comparisons).
 */
export function mainTableLines(markdown: string): string[] {
  const lines: string[] = [];
  let folded = false;
  let inResults = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) inResults = line === '## Results';
    if (line === '<details>') folded = true;
    if (line === '</details>') folded = false;
    if (inResults && !folded && line.startsWith('|')) lines.push(line);
  }
  return lines;
}
