import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from "react";
import { createElement } from "react";

/**
 * The site's layout and text primitives: Stack, Group, Text, Title, Container and Box with the
 * subset of Mantine's props the site uses, rendered as plain elements with the classes of
 * site.css. Mantine's own versions run its whole style-props and Styles-API machinery for every
 * element, which was most of a cold page render's time (scripts/bench/site.ts), and their code
 * rode along to every page. Values read Mantine's CSS variables, so the look is Mantine's.
 *
 * A theme value (a spacing, font size or radius by name, a heading order, a flex keyword, dimmed
 * text) becomes a class of site.css ("s-mt-md", "s-gap-xs", "s-h3") rather than an inline style:
 * a page repeats the same few values on hundreds of elements, and inline they were most of its
 * bytes and much of React's work. Any other value is an inline style, as before.
 */

type Size = "xs" | "sm" | "md" | "lg" | "xl";
type Scalar = number | string;
/** A value, or one per breakpoint from `base` up (only fz and py are responsive here). */
type Responsive<T> = T | Partial<Record<"base" | Size, T>>;

export interface StyleProps {
  m?: Scalar;
  mt?: Scalar;
  mb?: Scalar;
  ml?: Scalar;
  mr?: Scalar;
  mx?: Scalar;
  my?: Scalar;
  p?: Scalar;
  pt?: Scalar;
  pb?: Scalar;
  pl?: Scalar;
  pr?: Scalar;
  px?: Scalar;
  py?: Responsive<Scalar>;
  w?: Scalar;
  h?: Scalar;
  maw?: Scalar;
  miw?: Scalar;
  mih?: Scalar;
  fz?: Responsive<Scalar>;
  fw?: Scalar;
  lh?: Scalar;
  ta?: CSSProperties["textAlign"];
  tt?: CSSProperties["textTransform"];
  c?: string;
  bg?: string;
  visibleFrom?: Size;
  hiddenFrom?: Size;
}

interface BaseProps extends StyleProps, Omit<HTMLAttributes<HTMLElement>, "color"> {
  component?: ElementType;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
  /** With component="a". */
  href?: string;
  target?: string;
  rel?: string;
}

const SIZES = new Set(["xs", "sm", "md", "lg", "xl"]);
const BREAKPOINTS = ["xs", "sm", "md", "lg", "xl"] as const;
const rem = (value: Scalar) => (typeof value === "number" ? `${value / 16}rem` : value);
const spacing = (value: Scalar) =>
  typeof value === "string" && SIZES.has(value) ? `var(--mantine-spacing-${value})` : rem(value);
const fontSize = (value: Scalar) =>
  typeof value === "string" && (SIZES.has(value) || /^h[1-6]$/.test(value))
    ? value.startsWith("h")
      ? `var(--mantine-${value}-font-size)`
      : `var(--mantine-font-size-${value})`
    : rem(value);
const lineHeight = (value: Scalar) =>
  typeof value === "string" && SIZES.has(value) ? `var(--mantine-line-height-${value})` : value;

/** Mantine's colour values: "dimmed", "red.6", "teal" (its text shade), or any CSS colour. */
export function color(value: string): string {
  if (value === "dimmed" || value === "bright" || value === "white" || value === "black")
    return `var(--mantine-color-${value})`;
  const shade = /^([a-z]+)\.(\d)$/.exec(value);
  if (shade) return `var(--mantine-color-${shade[1]}-${shade[2]})`;
  if (/^[a-z]+$/.test(value) && value !== "inherit" && value !== "transparent" && value !== "currentColor")
    return `var(--mantine-color-${value}-text)`;
  return value;
}

const isSize = (value: unknown): value is Size => typeof value === "string" && SIZES.has(value);

// The margin and padding props, in site.css's order of their classes (a later one wins, as in
// Mantine: mt over m, mx over ml).
const MARGINS: [keyof StyleProps, (keyof CSSProperties)[]][] = [
  ["m", ["margin"]],
  ["mt", ["marginTop"]],
  ["mb", ["marginBottom"]],
  ["ml", ["marginLeft"]],
  ["mr", ["marginRight"]],
  ["mx", ["marginLeft", "marginRight"]],
  ["my", ["marginTop", "marginBottom"]],
];
const PADDINGS: [keyof StyleProps, (keyof CSSProperties)[]][] = [
  ["p", ["padding"]],
  ["pt", ["paddingTop"]],
  ["pb", ["paddingBottom"]],
  ["pl", ["paddingLeft"]],
  ["pr", ["paddingRight"]],
  ["px", ["paddingLeft", "paddingRight"]],
  ["py", ["paddingTop", "paddingBottom"]],
];
const SIZING: Record<string, keyof CSSProperties> = {
  w: "width",
  h: "height",
  maw: "maxWidth",
  miw: "minWidth",
  mih: "minHeight",
};
/** Values of align-items / justify-content / text-align with a class of site.css. */
const FLEX = new Set([
  "flex-start",
  "flex-end",
  "center",
  "stretch",
  "baseline",
  "space-between",
  "space-around",
  "space-evenly",
]);
const TEXT_ALIGN = new Set(["left", "center", "right", "justify"]);
const FONT_WEIGHTS = new Set([400, 500, 600, 700, 800, "400", "500", "600", "700", "800"]);

type Css = Record<string, string | number>;

/**
 * One family of sides (margins or paddings): all by class when every value given is a theme
 * spacing, else all inline (a class never loses to an inline shorthand of its own family).
 */
function sides(props: Record<string, unknown>, family: typeof MARGINS, tokens: boolean, css: Css, classes: string[]) {
  for (const [name, properties] of family) {
    const value = props[name] as Scalar | undefined;
    if (value === undefined || typeof value === "object") continue;
    if (tokens) classes.push(`s-${name}-${value}`);
    else for (const property of properties) css[property] = spacing(value);
  }
}

/** A responsive value as custom properties read by a class of site.css (`s-r-fz`), else inline. */
function responsive(
  css: Css,
  classes: string[],
  name: "fz" | "py",
  value: Responsive<Scalar>,
  convert: (value: Scalar) => string,
) {
  if (typeof value !== "object") {
    if (name === "fz") css.fontSize = convert(value);
    else css.paddingTop = css.paddingBottom = convert(value);
    return;
  }
  classes.push(`s-r-${name}`);
  for (const breakpoint of ["base", ...BREAKPOINTS] as const) {
    const at = value[breakpoint];
    if (at !== undefined) css[`--${name}-${breakpoint}`] = convert(at);
  }
}

const MARGIN = 1,
  MARGIN_INLINE = 2,
  PADDING = 4,
  PADDING_INLINE = 8;

/**
 * The element: style props become classes (theme values) or inline style; `extra` is the
 * component's own inline values, under the style props', under `style`. One pass over the props.
 */
function element(tag: ElementType, props: BaseProps, classes: string[], extra?: Css) {
  const out: Record<string, unknown> = {};
  const css: Css = extra ?? {};
  let className: string | undefined;
  let style: CSSProperties | undefined;
  let families = 0;
  let py: Responsive<Scalar> | undefined;
  const all = props as Record<string, unknown>;
  for (const key in all) {
    const value = all[key];
    switch (key) {
      case "component":
      case "children":
        break;
      case "className":
        className = value as string | undefined;
        break;
      case "style":
        style = value as CSSProperties | undefined;
        break;
      case "m":
      case "mt":
      case "mb":
      case "ml":
      case "mr":
      case "mx":
      case "my":
        if (value !== undefined) families |= isSize(value) ? MARGIN : MARGIN | MARGIN_INLINE;
        break;
      // biome-ignore lint/suspicious/noFallthroughSwitchClause: a single py (not a responsive object) is one of the paddings below
      case "py":
        if (typeof value === "object") {
          py = value as Responsive<Scalar>;
          break;
        }
      case "p":
      case "pt":
      case "pb":
      case "pl":
      case "pr":
      case "px":
        if (value !== undefined) families |= isSize(value) ? PADDING : PADDING | PADDING_INLINE;
        break;
      case "w":
      case "h":
      case "maw":
      case "miw":
      case "mih":
        if (value === undefined) break;
        if (value === "100%" && (key === "w" || key === "h")) classes.push(`s-${key}-full`);
        else css[SIZING[key]!] = rem(value as Scalar);
        break;
      case "fz":
        if (value === undefined) break;
        if (isSize(value)) classes.push(`s-fz-${value}`);
        else responsive(css, classes, "fz", value as Responsive<Scalar>, fontSize);
        break;
      case "fw":
        if (value === undefined) break;
        if (FONT_WEIGHTS.has(value as Scalar)) classes.push(`s-fw-${value}`);
        else css.fontWeight = value as Scalar;
        break;
      case "lh":
        if (value !== undefined) css.lineHeight = lineHeight(value as Scalar);
        break;
      case "ta":
        if (!value) break;
        if (TEXT_ALIGN.has(value as string)) classes.push(`s-ta-${value}`);
        else css.textAlign = value as string;
        break;
      case "tt":
        if (value) css.textTransform = value as string;
        break;
      case "c":
        if (!value) break;
        if (value === "dimmed") classes.push("s-c-dimmed");
        else css.color = color(value as string);
        break;
      case "bg":
        if (value) css.background = color(value as string);
        break;
      case "visibleFrom":
        if (value) classes.push(`mantine-visible-from-${value}`);
        break;
      case "hiddenFrom":
        if (value) classes.push(`mantine-hidden-from-${value}`);
        break;
      default:
        out[key] = value;
    }
  }
  if (families & MARGIN) sides(all, MARGINS, !(families & MARGIN_INLINE), css, classes);
  if (families & PADDING) sides(all, PADDINGS, !(families & PADDING_INLINE), css, classes);
  if (py !== undefined) responsive(css, classes, "py", py, spacing);
  // The record's own class first, as Mantine puts it (themes and tests address it so).
  out.className = className ? (classes.length ? `${className} ${classes.join(" ")}` : className) : classes.join(" ");
  let inline = false;
  for (const _ in css) {
    inline = true;
    break;
  }
  const merged = inline ? (style ? { ...(css as CSSProperties), ...style } : (css as CSSProperties)) : style;
  if (merged) out.style = merged;
  return createElement(props.component ?? tag, out, props.children);
}

/** A flex keyword as a class of site.css, else an inline value. */
function flex(classes: string[], extra: Css, prefix: "align" | "justify", value: string | undefined) {
  if (value === undefined) return;
  if (FLEX.has(value)) classes.push(`s-${prefix}-${value}`);
  else extra[prefix === "align" ? "alignItems" : "justifyContent"] = value;
}

/** A gap: a class for a theme spacing, else inline. */
function gapOf(classes: string[], extra: Css, gap: Scalar, prefix = "s-gap") {
  if (isSize(gap)) classes.push(`${prefix}-${gap}`);
  else extra.gap = spacing(gap);
}

export function Box(props: BaseProps) {
  return element("div", props, []);
}

export interface StackProps extends BaseProps {
  gap?: Scalar;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
}

/** A column (Mantine's Stack): flex, a gap (md by default). */
export function Stack({ gap = "md", align, justify, ...props }: StackProps) {
  const classes = ["s-stack"];
  const extra: Css = {};
  gapOf(classes, extra, gap);
  flex(classes, extra, "align", align);
  flex(classes, extra, "justify", justify);
  return element("div", props, classes, extra);
}

export interface GroupProps extends StackProps {
  wrap?: CSSProperties["flexWrap"];
  grow?: boolean;
}

/** A row (Mantine's Group): flex, centred on the cross axis, wrapping, a gap (md by default); those defaults are .s-group's. */
export function Group({ gap = "md", align, justify, wrap, grow, ...props }: GroupProps) {
  const classes = grow ? ["s-group", "s-group-grow"] : ["s-group"];
  const extra: Css = {};
  gapOf(classes, extra, gap);
  if (align !== "center") flex(classes, extra, "align", align);
  if (justify !== "flex-start") flex(classes, extra, "justify", justify);
  if (wrap === "nowrap") classes.push("s-nowrap");
  else if (wrap !== undefined && wrap !== "wrap") extra.flexWrap = wrap;
  return element("div", props, classes, extra);
}

export interface TextProps extends BaseProps {
  size?: Size;
  /** A <span> rather than a <p>. */
  span?: boolean;
  truncate?: boolean;
  lineClamp?: number;
  inherit?: boolean;
}

/** Text (Mantine's Text): a paragraph at the size's font size and line height. */
export function Text({ size, span, truncate, lineClamp, inherit, ...props }: TextProps) {
  const classes = ["s-text"];
  if (size) classes.push(`s-text-${size}`);
  if (truncate) classes.push("s-truncate");
  if (lineClamp) classes.push("s-line-clamp");
  if (inherit) classes.push("s-inherit");
  return element(span ? "span" : "p", props, classes, lineClamp ? { "--text-line-clamp": lineClamp } : undefined);
}

export interface TitleProps extends BaseProps {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
}

/** A heading (Mantine's Title) of the theme's heading size for its order (the class s-h1…s-h6). */
export function Title({ order = 1, ...props }: TitleProps) {
  return element(`h${order}`, props, ["s-title", `s-h${order}`]);
}

export interface ContainerProps extends BaseProps {
  size?: Size | number;
  fluid?: boolean;
}

/** The centred page column (Mantine's Container) of the theme's container width. */
export function Container({ size = "md", fluid, ...props }: ContainerProps) {
  if (fluid) return element("div", props, ["s-container"], { maxWidth: "100%" });
  if (typeof size === "number") return element("div", props, ["s-container"], { maxWidth: rem(size) });
  return element("div", props, ["s-container", `s-container-${size}`]);
}

export interface PaperProps extends BaseProps {
  withBorder?: boolean;
  radius?: Size | number;
  shadow?: Size;
}

/** A surface (Mantine's Paper): the body colour, a radius (the theme's), a border, a shadow. */
export function Paper({ withBorder, radius = "md", shadow, ...props }: PaperProps) {
  return paper(props, withBorder, radius, shadow, []);
}

function paper(
  props: BaseProps,
  withBorder: boolean | undefined,
  radius: Size | number,
  shadow: Size | undefined,
  classes: string[],
) {
  classes.push("s-paper");
  if (withBorder) classes.push("s-border");
  const extra: Css = {};
  if (typeof radius === "number") extra["--paper-radius"] = rem(radius);
  else classes.push(`s-radius-${radius}`);
  if (shadow) classes.push(`s-shadow-${shadow}`);
  return element("div", props, classes, extra);
}

export interface CardProps extends PaperProps {
  padding?: Scalar;
}

/** A card (Mantine's Card): a Paper in a padded column; Card.Section spans it edge to edge. */
export function Card({ padding = "md", withBorder, radius = "md", shadow, ...props }: CardProps) {
  if (isSize(padding)) return paper(props, withBorder, radius, shadow, ["s-card", `s-card-p-${padding}`]);
  return paper(
    { ...props, style: { "--card-padding": spacing(padding), ...props.style } as CSSProperties },
    withBorder,
    radius,
    shadow,
    ["s-card"],
  );
}

Card.Section = function CardSection(props: BaseProps) {
  return element("div", props, ["s-card-section"]);
};

export interface SimpleGridProps extends BaseProps {
  /** Columns, or columns per breakpoint from `base` up. */
  cols?: Responsive<number>;
  spacing?: Scalar;
  verticalSpacing?: Scalar;
}

/** Equal columns (Mantine's SimpleGrid): a CSS grid; responsive columns read by site.css. */
export function SimpleGrid({ cols = 1, spacing: gap = "md", verticalSpacing, ...props }: SimpleGridProps) {
  const classes = ["s-grid"];
  const vars: Record<string, string | number> = {};
  const rowGap = verticalSpacing ?? gap;
  if (isSize(gap)) classes.push(`s-cgap-${gap}`);
  else vars.columnGap = spacing(gap);
  if (isSize(rowGap)) classes.push(`s-rgap-${rowGap}`);
  else vars.rowGap = spacing(rowGap);
  const byBreakpoint = typeof cols === "number" ? { base: cols } : cols;
  for (const breakpoint of ["base", ...BREAKPOINTS] as const)
    if (byBreakpoint[breakpoint] !== undefined) vars[`--cols-${breakpoint}`] = byBreakpoint[breakpoint]!;
  return element("div", props, classes, vars);
}
