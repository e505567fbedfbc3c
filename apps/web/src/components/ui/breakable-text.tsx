import { Fragment } from 'react';

/**
 * Text that may wrap after any of `after` (say '@' in an email, '.' in a dotted code) as well as
 * at spaces, so a long address does not set a column's width, nor break between any two letters.
 */
export function BreakableText({ text, after }: { text: string; after: string }) {
  const parts = text.split(new RegExp(`(?<=[${after.replace(/[\]\\^-]/g, '\\$&')}])`));
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
