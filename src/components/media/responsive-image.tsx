interface ResponsiveImageProps {
  /** Base name of the generated files: /images/<name>-<width>.avif and .webp */
  name: string;
  widths: readonly number[];
  width: number;
  height: number;
  alt: string;
  sizes: string;
  /** The page's largest image: fetched first, never lazy. */
  priority?: boolean;
  className?: string;
}

const srcSet = (name: string, widths: readonly number[], ext: string) =>
  widths.map((w) => `/images/${name}-${w}.${ext} ${w}w`).join(', ');

/** AVIF with a WebP fallback, sized for the screen. */
export function ResponsiveImage({
  name,
  widths,
  width,
  height,
  alt,
  sizes,
  priority = false,
  className,
}: ResponsiveImageProps) {
  const fallbackWidth = widths.find((w) => w >= 800) ?? widths[widths.length - 1];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(name, widths, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, widths, 'webp')} sizes={sizes} />
      <img
        src={`/images/${name}-${fallbackWidth}.webp`}
        width={width}
        height={height}
        alt={alt}
        className={className}
        decoding={priority ? 'sync' : 'async'}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
