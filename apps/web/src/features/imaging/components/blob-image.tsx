import { useEffect, useRef } from 'react';
import { Box } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';

/**
 * An <img> showing a blob, for images fetched with the bearer token (an <img src> pointing at
 * the API would go without it). The object URL is made when the blob arrives and revoked when
 * it changes or the image unmounts, so previews do not pile up in memory.
 */
export function BlobImage({ blob, alt, sx }: { blob: Blob; alt: string; sx?: SxProps<Theme> }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (!img) return undefined;
    const url = URL.createObjectURL(blob);
    img.src = url;
    return () => {
      img.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return <Box component="img" ref={ref} alt={alt} sx={sx ?? {}} />;
}
