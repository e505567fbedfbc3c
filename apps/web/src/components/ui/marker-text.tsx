import { HighlightText } from './highlight-text';

/** Spec §2: in a conversation's markers, 'chest pain' is highlighted in red. */
export const HIGHLIGHTED_MARKERS = ['chest pain'] as const;

/**
 * A marker's text with the clinically urgent phrases highlighted in red (as <mark>), and any
 * `extraPhrases` (say, the text a flag matched) too.
 */
export function MarkerText({
  text,
  extraPhrases = [],
}: {
  text: string;
  extraPhrases?: readonly string[];
}) {
  return <HighlightText text={text} phrases={[...HIGHLIGHTED_MARKERS, ...extraPhrases]} />;
}
