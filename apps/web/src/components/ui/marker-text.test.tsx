import { createTheme } from '@mui/material';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkerText } from './marker-text';

describe('marker text', () => {
  it("highlights 'chest pain' in red whatever its case, and nothing else", () => {
    const { container } = render(<MarkerText text="Sudden CHEST PAIN while walking" />);
    const marks = container.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['CHEST PAIN']);
    // The theme's error red (MUI's default here, the portal's own in the app).
    expect(marks[0]).toHaveStyle({ color: createTheme().palette.error.main });
  });
});
