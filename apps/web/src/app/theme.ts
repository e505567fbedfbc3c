import { createTheme } from '@mui/material';

/** A calm clinical palette with enough contrast for WCAG AA text. System fonts: no font CDN under a strict CSP. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0b5d73', contrastText: '#ffffff' },
    secondary: { main: '#2f6f5e', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    success: { main: '#2e7d32' },
    // MUI's default orange fails AA contrast as button text on white.
    warning: { main: '#a34e00', contrastText: '#ffffff' },
    background: { default: '#f4f7f9', paper: '#ffffff' },
    text: { primary: '#1b2730', secondary: '#4a5a66' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 600 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    h3: { fontSize: '1.125rem', fontWeight: 600 },
    // Labels such as 'Login' and 'SEND OTP' are shown exactly as the spec writes them.
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
  },
});
