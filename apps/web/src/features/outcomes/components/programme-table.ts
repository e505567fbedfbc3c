/** The programme view's tables: plain HTML tables (headers for screen readers), compact. */
export const PROGRAMME_TABLE_SX = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 14,
  '& th, & td': {
    textAlign: 'left',
    px: 1,
    py: 0.75,
    borderBottom: 1,
    borderColor: 'divider',
    verticalAlign: 'top',
  },
  '& thead th': { fontWeight: 600, color: 'text.secondary' },
  '& tbody th': { fontWeight: 500 },
} as const;
