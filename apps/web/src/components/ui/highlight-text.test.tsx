import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightText } from './highlight-text';

describe('highlight text', () => {
  it('marks every occurrence of a phrase, whatever its case, and nothing else', () => {
    const { container } = render(
      <p>
        <HighlightText text="Chest pain at night; chest pain again" phrases={['chest pain']} />
      </p>,
    );
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Chest pain', 'chest pain']);
    expect(container.querySelector('p')).toHaveTextContent('Chest pain at night; chest pain again');
  });

  it('leaves text without the phrase alone', () => {
    const { container } = render(<HighlightText text="Knee swelling" phrases={['chest pain']} />);
    expect(container.querySelector('mark')).toBeNull();
    expect(screen.getByText('Knee swelling')).toBeInTheDocument();
  });
});
