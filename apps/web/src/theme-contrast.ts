import {
  type CSSVariablesResolver,
  type DefaultMantineColor,
  darken,
  defaultVariantColorsResolver,
  luminance,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export function contrastRatio(foreground: string, background: string): number {
  const a = luminance(foreground);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The colour darkened just enough to be read on the background (unchanged when it already is). */
export function readableOn(colour: string, background: string): string {
  let result = colour;
  for (let step = 1; contrastRatio(result, background) < MIN_TEXT_CONTRAST && step <= 20; step += 1) {
    result = darken(colour, step * 0.05);
  }
  return result;
}

const WHITE = '#ffffff';
/** Mantine's light variant: a tint of shade 1 at rest, shade 2 under the pointer (`--mantine-color-<name>-light-hover`). */
const LIGHT_HOVER_SHADE = 2;

/**
 * Mantine's palettes are drawn for looks, not for reading: green, orange, yellow, teal and lime text stays
 * below 4.5:1 on white and on their own light tint. Text of the light, subtle, outline and transparent
 * variants is darkened until it reads; filled variants choose black or white text by luminance (autoContrast).
 */
export const readableVariantColors: VariantColorsResolver = (input) => {
  const colours = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colours;
  const tuple: MantineColorsTuple | undefined = input.theme.colors[parsed.color];
  if (!tuple) return colours;
  // Read on the hover tint (shade 2), the darker of the two backgrounds a light button or active item shows.
  if (input.variant === 'light') return { ...colours, color: readableOn(tuple[9], tuple[LIGHT_HOVER_SHADE]) };
  if (input.variant === 'subtle' || input.variant === 'transparent') {
    return { ...colours, color: readableOn(tuple[9], WHITE) };
  }
  if (input.variant === 'outline') {
    const text = readableOn(tuple[parsed.shade ?? 8], WHITE);
    return { ...colours, color: text, border: `1px solid ${text}` };
  }
  return colours;
};

/**
 * Text in a theme colour (`c="green"`) and dimmed text read on white; anchors follow the primary colour. The light
 * variant's text reads on its hover tint too.
 */
export const readableCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7],
    '--mantine-color-placeholder': theme.colors.gray[6],
    '--mantine-color-error': readableOn(theme.colors.red[8], WHITE),
  };
  for (const name of Object.keys(theme.colors) as DefaultMantineColor[]) {
    const tuple = theme.colors[name];
    if (!tuple || tuple.length < 10) continue;
    light[`--mantine-color-${name}-text`] = readableOn(tuple[8], WHITE);
    // The light variant's text where components take it from the variable (the active NavLink, hovered or not).
    light[`--mantine-color-${name}-light-color`] = readableOn(tuple[9], tuple[LIGHT_HOVER_SHADE]);
  }
  return { variables: {}, light, dark: {} };
};
