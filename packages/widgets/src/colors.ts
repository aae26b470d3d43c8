/** A tile's background while it loads: a random brand colour (stickers get a checkerboard). */
export const BRAND_COLORS = ['#00ccff', '#00ff99', '#9933ff', '#ff6666', '#fff35c'] as const;

export const randomBrandColor = (): string =>
  BRAND_COLORS[Math.floor(Math.random() * BRAND_COLORS.length)]!;

/** The loader's five coloured dots. */
export const LOADER_COLORS = BRAND_COLORS;
